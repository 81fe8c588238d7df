// Read by `cem analyze` (npm run build), which writes dist/custom-elements.json. The elements'
// private members and their reactive state (`_unreachable: { state: true }`) are no part of their
// API: they are left out of the manifest's members and attributes.

/** The names in each class's `static properties` declared with `state: true`, by class name. */
const stateProperties = new Map();

function collectState(ts, node) {
  if (!ts.isClassDeclaration(node) || !node.name) return;
  const names = new Set();
  for (const member of node.members) {
    const isStatic = member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword);
    if (!isStatic || member.name?.getText() !== 'properties') continue;
    const object = member.initializer;
    if (!object || !ts.isObjectLiteralExpression(object)) continue;
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) continue;
      const isState = property.initializer.properties.some(
        (option) =>
          ts.isPropertyAssignment(option) &&
          option.name.getText() === 'state' &&
          option.initializer.kind === ts.SyntaxKind.TrueKeyword,
      );
      if (isState) names.add(property.name.getText());
    }
  }
  if (names.size > 0) stateProperties.set(node.name.getText(), names);
}

function isPrivate(className, member) {
  return (
    member.privacy === 'private' ||
    member.name.startsWith('_') ||
    member.name.startsWith('#') ||
    (stateProperties.get(className)?.has(member.name) ?? false)
  );
}

const leaveOutPrivateState = {
  name: 'ask-elements: leave out private members and reactive state',
  analyzePhase({ ts, node }) {
    collectState(ts, node);
  },
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules ?? []) {
      for (const declaration of module.declarations ?? []) {
        if (declaration.kind !== 'class') continue;
        const hidden = new Set(
          (declaration.members ?? [])
            .filter((member) => isPrivate(declaration.name, member))
            .map((member) => member.name),
        );
        if (declaration.members) declaration.members = declaration.members.filter((m) => !hidden.has(m.name));
        if (declaration.attributes)
          declaration.attributes = declaration.attributes.filter(
            (attribute) => !hidden.has(attribute.fieldName ?? attribute.name),
          );
      }
    }
  },
};

/**
 * The manifest names the modules the package ships (`dist/elements/…/x.js`, which tsc writes from
 * `src/elements/…/x.ts`), not the sources, which it doesn't: tools that map a tag to its module
 * (IDE plugins, Storybook) would find nothing there.
 */
const shippedPaths = {
  name: 'ask-elements: module paths as shipped',
  packageLinkPhase({ customElementsManifest }) {
    const rewrite = (value) => {
      if (typeof value === 'string') return value.replace(/^src\/(.*)\.ts$/, 'dist/$1.js');
      if (Array.isArray(value)) return value.map(rewrite);
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewrite(inner)]));
      return value;
    };
    customElementsManifest.modules = rewrite(customElementsManifest.modules ?? []);
  },
};

export default {
  plugins: [leaveOutPrivateState, shippedPaths],
};
