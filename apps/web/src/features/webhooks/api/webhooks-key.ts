/** The root of every webhooks query: mutations invalidate by this one object. */
export const webhooksKey = ['webhooks'] as const;
export const endpointsKey = [...webhooksKey, 'endpoints'] as const;
export const deliveriesKey = (endpointId: string) => [...webhooksKey, 'deliveries', endpointId] as const;
export const deliveryKey = (id: string) => [...webhooksKey, 'delivery', id] as const;
