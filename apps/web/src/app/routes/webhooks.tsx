import { WebhooksScreen } from '../../features/webhooks/components/webhooks-screen.tsx';

/** /webhooks — the owner's webhook endpoints and delivery log (the route requires webhooks:manage). */
export function Component() {
  return <WebhooksScreen />;
}
