import '../public/base.css';
import './widgets.css';
import { render } from 'react-dom';
import { isFramed } from '../public/frame.ts';
import { FeedbackPage } from './Feedback.tsx';
import { PollPage } from './Poll.tsx';
import { readWidgetRoute } from './route.ts';
import { Page, Unavailable } from './Shell.tsx';
import { WheelPage } from './Wheel.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('widgets.html has no #root element');

const route = readWidgetRoute(window.location.pathname);
const framed = isFramed();

render(
  route.kind === 'poll' ? (
    <PollPage id={route.id} demo={route.demo} framed={framed} />
  ) : route.kind === 'feedback' ? (
    <FeedbackPage id={route.id} framed={framed} />
  ) : route.kind === 'wheel' ? (
    <WheelPage id={route.id} framed={framed} />
  ) : (
    <Page framed={framed}>
      <Unavailable title="Not found" />
    </Page>
  ),
  root,
);
