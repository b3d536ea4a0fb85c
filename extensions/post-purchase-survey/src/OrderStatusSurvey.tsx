/** `customer-account.order-status.block.render`: the survey on the Order status page, for the order shown. */
import { render } from 'preact';
import { useSignalValue } from './host.ts';
import { PostPurchaseSurvey } from './PostPurchaseSurvey.tsx';

function OrderStatusSurvey() {
  const order = useSignalValue(shopify.order);
  return <PostPurchaseSurvey host={shopify} surface="order_status" orderId={order?.id} />;
}

export default () => render(<OrderStatusSurvey />, document.body);
