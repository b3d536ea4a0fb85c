import { wheelMessages } from '@quizlead/shared/engagement.ts';
import { useParams } from 'react-router';
import { wheelApi } from '../../api/engagement.ts';
import { EditScreen } from '../../components/engagement/EditScreen.tsx';
import { ShareScreen } from '../../components/engagement/ShareScreen.tsx';
import { adminUrl } from '../../urls.ts';
import { wheelList, wheelTexts, wheelUrls } from './texts.ts';
import { WheelForm } from './WheelForm.tsx';

/** /app/wheel_spinner/create. */
export function WheelCreatePage() {
  return <WheelForm />;
}

/** /app/wheel_spinner/edit/{id}. */
export function WheelEditPage() {
  return (
    <EditScreen
      kind="wheel"
      title={wheelTexts.editTitle}
      thing={wheelTexts.thing}
      list={wheelList()}
      loadItem={wheelApi.get}
      skeletonLines={12}
      form={(wheel) => <WheelForm key={wheel.id} wheel={wheel} />}
    />
  );
}

/** /app/wheelspin/share/{id}/{slug}: 'Your Wheel Spinner Is Ready' and its embed codes. */
export function WheelSharePage() {
  const { id = '' } = useParams();
  return (
    <ShareScreen
      id={id}
      title={wheelMessages.shareTitle}
      thing={wheelTexts.thing}
      list={wheelList()}
      kind="wheel"
      loadItem={(signal) => wheelApi.get(id, signal)}
      name={(wheel) => wheel.description}
      slug={(wheel) => wheel.slug}
      pagePath={(wheel) => wheelUrls.preview(wheel.id, wheel.slug)}
      actions={() => [
        { content: 'Edit', url: adminUrl('wheel_spinner/edit', id) },
        { content: 'View results', url: adminUrl('wheelspin/response', id) },
      ]}
    />
  );
}
