import '../public/base.css';
import './widgets.css';
import { render } from 'react-dom';
import { isFramed } from '../public/frame.ts';
import { FeedbackPage } from './Feedback.tsx';
import { PollPage } from './Poll.tsx';
import { readWidgetRoute } from './route.ts';
import { Page, Unavailable } from './Shell.tsx';
import { WheelPage } from './Wheel.tsx';
import { t } from '@quizlead/shared/i18n/translate.ts';
import { chooseLanguage, showLanguage } from '../public/language.ts';

const root = document.getElementById('root');
if (!root) throw new Error('widgets.html has no #root element');

const route = readWidgetRoute(window.location.pathname);
const framed = isFramed();

// The page's first words come in the visitor's language (the item may change it once it arrives).
void showLanguage(chooseLanguage(null)).then(() =>
  render(
    route.kind === 'poll' ? (
      <PollPage id={route.id} demo={route.demo} framed={framed} />
    ) : route.kind === 'feedback' ? (
      <FeedbackPage id={route.id} framed={framed} />
    ) : route.kind === 'wheel' ? (
      <WheelPage id={route.id} framed={framed} />
    ) : (
      <Page framed={framed}>
        <Unavailable title={t('common.notFound')} />
      </Page>
    ),
    root,
  ),
);
