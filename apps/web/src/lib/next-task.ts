/**
 * Resolves in a task of its own: a message to ourselves, as React's scheduler yields, so no timer clamping
 * (nested timeouts wait at least 4 ms) and not held back by a test's fake timers.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
