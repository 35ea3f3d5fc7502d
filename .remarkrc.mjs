// The docs' link check (`npm run docs:links`, part of `npm run lint`): every relative link and #anchor in
// README.md and docs/ resolves inside this repository. Offline: external http(s) links are not fetched.
import path from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkValidateLinks from 'remark-validate-links';

const root = import.meta.dirname;

/** A relative link that climbs out of the repository names a file its readers do not have. */
function linksStayInRepository() {
  return (tree, file) => {
    const walk = (node) => {
      if (
        (node.type === 'link' || node.type === 'image' || node.type === 'definition') &&
        !/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(node.url)
      ) {
        const target = path.resolve(path.dirname(file.path), decodeURI(node.url.split('#')[0]));
        if (target !== root && !target.startsWith(root + path.sep)) {
          file.message(`Link to \`${node.url}\` leaves the repository`, {
            place: node.position,
            ruleId: 'links-stay-in-repository',
            source: 'centinela',
          });
        }
      }
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
  };
}

export default {
  plugins: [remarkGfm, [remarkValidateLinks, { repository: false, root }], linksStayInRepository],
};
