/** `purchase.thank-you.block.render`: the survey on the Thank you page, for the order just placed. */
import { render } from 'preact';
import { useSignalValue } from './host.ts';
import { PostPurchaseSurvey } from './PostPurchaseSurvey.tsx';

function ThankYouSurvey() {
  const confirmation = useSignalValue(shopify.orderConfirmation);
  return <PostPurchaseSurvey host={shopify} surface="thank_you" orderId={confirmation?.order?.id} />;
}

export default () => render(<ThankYouSurvey />, document.body);
