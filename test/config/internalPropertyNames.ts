import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type ts from 'typescript';

/**
 * Property names that only the package's own modules ever read or write, which the library build shortens
 * (see `shortInternalNames` in vite.config.ts). An app's minifier renames local variables but never a
 * property, so these would otherwise ship at full length; the source keeps the names that say what they do.
 *
 * A name belongs here only if every object that carries it is made and used inside one copy of the package:
 * - not part of any exported type of any entry (the build fails if it is: see {@link findExposedNames});
 * - not a name of the platform, the DOM, JavaScript, React, zustand or zod (the build fails for those too);
 * - never data: not in a message, a payload, JSON, `postMessage`, a `dataset` or an HTML attribute;
 * - never on an object shared between copies of the package (the page's default runtime and its parts, under
 *   `Symbol.for` on `globalThis`, are read by the ES module and CommonJS builds and by other versions);
 * - never read by a string (`obj['name']`, `'name' in obj`), which the renaming does not see.
 * To add one: check the list above, add it to its group, run `npm run build` (which checks the first two) and
 * the Node test test/node/core/internalPropertyNames.test.ts.
 */
export const INTERNAL_PROPERTY_NAMES: readonly string[] = [
  // The renewal policy (createRenewal), held by the controller; `wake` is handed to onTabWake as a function.
  'offer',
  'expiring',
  'renew',
  'wake',
  'answer',
  // The reveal timing (createReveal), held by the controller.
  'afterReady',
  'afterLoad',
  // The embed's iframe across loads (createEmbedFrame), held by the controller. (Its `hide` is also a function
  // zod exports: a library's export is a property of its namespace object, so the build refuses it.)
  'retire',
  // The controlled-value sync (createControlledSync), held by the controller. Its `ControlledValues` type is
  // exported, the sync object's type is not.
  'reapply',
  'forget',
  // What useEmbedController hands the component made by createSvcEmbedComponent (neither is exported).
  'hostRef',
  'hostKey',
  // The parts each collaborator of the controller is made with (RenewalHost, RevealTiming, EmbedFrameParts,
  // SessionSourceParts): objects the controller makes, each read once.
  'readOptions',
  'sessionsFor',
  'placement',
  'handOver',
  'loadWith',
  'failWith',
  'started',
  'settleMs',
  'loadTimeoutMs',
  'frameLoaded',
  // One embed as the message router sees it (EmbedRoute, messageRouter.ts): the router is a module of each
  // copy of the package, never shared through the page's default runtime.
  'getWindow',
  'receive',
];

/**
 * Every identifier-like word of the source under `srcDir`: property names, shorthand keys, quoted keys,
 * variables, words in comments. A short name is taken only if it is none of these, so it cannot meet a
 * property the package writes or reads anywhere (its own objects, the DOM's, a library's, a payload's),
 * whichever module's object it lands on. Reserving every word, not only the property names, is coarser
 * than needed and leaves fewer one-letter names, but needs no parser and misses nothing.
 */
export function sourceWords(srcDir: string): Set<string> {
  const words = new Set<string>();
  for (const file of readdirSync(srcDir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(?:ts|tsx|js|mjs|cjs|json|css|html)$/.test(file)) continue;
    for (const word of readFileSync(join(srcDir, file), 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) words.add(word[0]);
  }
  return words;
}

const FIRST = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NEXT = `${FIRST}0123456789`;

/**
 * The short name of each internal name, fixed before any module is transformed: the same for every module
 * and for the ES module and CommonJS builds, whatever order the bundler transforms modules in. Names go in
 * list order to the shortest words that `taken` does not hold (one letter, then two).
 */
export function assignShortNames(names: readonly string[], taken: ReadonlySet<string>): Record<string, string> {
  const free = [...FIRST, ...[...FIRST].flatMap((first) => [...NEXT].map((next) => first + next))].filter(
    (candidate) => !taken.has(candidate),
  );
  if (free.length < names.length) throw new Error('Not enough short property names left for the internal names');
  return Object.fromEntries(names.map((name, index) => [name, free[index] as string]));
}

/**
 * The names of `names` that code outside this package can see, for the build to refuse them: any property of
 * a type reachable from an entry's exports (an option, a snapshot field, a method, a payload field) and any
 * member declared outside `src/` (the DOM, JavaScript, Node, React, zustand, zod).
 */
export function findExposedNames(
  typescript: typeof ts,
  program: ts.Program,
  entryFiles: readonly string[],
  names: readonly string[],
): string[] {
  const wanted = new Set(names);
  const exposed = new Set<string>();
  const isOurs = (file: ts.SourceFile): boolean => /[/\\]src[/\\]/.test(file.fileName) && !file.fileName.includes('node_modules');
  const mentions = new RegExp(`\\b(?:${names.join('|')})\\b`);

  // Members declared by the platform and libraries: a name of theirs could be on any object the code touches.
  for (const file of program.getSourceFiles()) {
    if (isOurs(file) || !mentions.test(file.text)) continue;
    const visit = (node: ts.Node): void => {
      const name = (node as { name?: ts.Node }).name;
      // Parameters are named too, but a parameter's name is not a property of anything.
      const named = !typescript.isParameter(node) && !typescript.isTypeParameterDeclaration(node);
      if (named && name && (typescript.isIdentifier(name) || typescript.isStringLiteral(name)) && wanted.has(name.text)) {
        exposed.add(name.text);
      }
      typescript.forEachChild(node, visit);
    };
    visit(file);
  }

  // Properties of the types an app reaches through the entries' exports.
  const checker = program.getTypeChecker();
  const seen = new Set<ts.Type>();
  const walk = (type: ts.Type | undefined): void => {
    if (type === undefined || seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) type.types.forEach(walk);
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (declaration === undefined || !isOurs(declaration.getSourceFile())) continue;
      if (wanted.has(property.name)) exposed.add(property.name);
      walk(checker.getTypeOfSymbolAtLocation(property, declaration));
    }
    for (const kind of [typescript.SignatureKind.Call, typescript.SignatureKind.Construct]) {
      for (const signature of checker.getSignaturesOfType(type, kind)) {
        for (const parameter of signature.parameters) {
          const declaration = parameter.valueDeclaration ?? parameter.declarations?.[0];
          if (declaration) walk(checker.getTypeOfSymbolAtLocation(parameter, declaration));
        }
        walk(signature.getReturnType());
        for (const parameter of signature.typeParameters ?? []) walk(checker.getBaseConstraintOfType(parameter));
      }
    }
    type.aliasTypeArguments?.forEach(walk);
    if (type.flags & typescript.TypeFlags.Object && (type as ts.ObjectType).objectFlags & typescript.ObjectFlags.Reference) {
      checker.getTypeArguments(type as ts.TypeReference).forEach(walk);
    }
    for (const index of checker.getIndexInfosOfType(type)) walk(index.type);
  };
  for (const entry of entryFiles) {
    const file = program.getSourceFile(entry);
    const module = file && checker.getSymbolAtLocation(file);
    if (module === undefined) throw new Error(`${entry} is not a module of the program`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & typescript.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (wanted.has(exported.name)) exposed.add(exported.name);
      walk(checker.getDeclaredTypeOfSymbol(symbol));
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      if (declaration) walk(checker.getTypeOfSymbolAtLocation(symbol, declaration));
    }
  }
  return names.filter((name) => exposed.has(name));
}
