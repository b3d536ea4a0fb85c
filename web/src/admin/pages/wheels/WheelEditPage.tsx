import { Card, Page, SkeletonBodyText, SkeletonPage } from '@shopify/polaris';
import { useParams } from 'react-router';
import { getWheel } from '../../api/wheels.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { NotFound } from '../../components/engagement/NotFound.tsx';
import { useLoad } from '../../components/engagement/useLoad.ts';
import { wheelList, wheelTexts } from './texts.ts';
import { WheelForm } from './WheelForm.tsx';

/** /app/wheel_spinner/edit/{id}. */
export function WheelEditPage() {
  const { id = '' } = useParams();
  const { loaded, reload } = useLoad(id, (signal) => getWheel(id, signal));
  if (loaded.state === 'missing') return <NotFound thing={wheelTexts.thing} list={wheelList()} />;
  if (loaded.state === 'failed') {
    return (
      <Page title={wheelTexts.editTitle} backAction={wheelList()}>
        <LoadFailed message={loaded.message} onRetry={reload} />
      </Page>
    );
  }
  if (loaded.state === 'loading') {
    return (
      <SkeletonPage title={wheelTexts.editTitle} backAction>
        <Card>
          <SkeletonBodyText lines={12} />
        </Card>
      </SkeletonPage>
    );
  }
  return <WheelForm key={loaded.data.id} wheel={loaded.data} />;
}
