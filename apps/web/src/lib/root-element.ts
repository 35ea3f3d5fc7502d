/** The page's #root, where the app renders (index.html, sign-in.html). */
export function rootElement(): HTMLElement {
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  return root;
}
