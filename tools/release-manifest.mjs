/**
 * What a release's manifest must say, derived from package.json alone: its version, the stable
 * manifest URL Foundry polls for updates, and the download URL of this version's zip. Build,
 * package and the release check all use these functions, so the three cannot disagree.
 */

/** The release tag, zip name and URLs for package.json's version under `brink.releaseBase`. */
export function releaseUrls(pkg) {
  const base = pkg.brink?.releaseBase;
  if (!base) throw new Error('package.json needs "brink": { "releaseBase": "https://…/releases" }');
  const tag = `v${pkg.version}`;
  return {
    tag,
    zipName: `brink-${tag}.zip`,
    manifest: `${base}/latest/download/system.json`,
    download: `${base}/download/${tag}/brink-${tag}.zip`,
  };
}

/** The fields of system.json that package.json decides. */
export function releaseFields(pkg) {
  const { manifest, download } = releaseUrls(pkg);
  return { version: pkg.version, manifest, download };
}

/** Where system.json's release fields differ from package.json's, as sentences. */
export function manifestProblems(pkg, systemJson) {
  return Object.entries(releaseFields(pkg))
    .filter(([field, expected]) => systemJson[field] !== expected)
    .map(
      ([field, expected]) =>
        `system.json's ${field} is "${systemJson[field] ?? ""}", but package.json says "${expected}".`,
    );
}

/** Why this tag cannot release package.json's version, or undefined when it can. */
export function tagProblem(pkg, tag) {
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(pkg.version ?? ""))
    return `package.json's version "${pkg.version}" is not a version like 1.2.3.`;
  const wanted = releaseUrls(pkg).tag;
  if (tag !== wanted)
    return `The tag is "${tag}", but package.json's version ${pkg.version} is released as "${wanted}".`;
  return undefined;
}

/**
 * system.json's text with the release fields rewritten in place, so the rest of the file keeps
 * its formatting (Prettier's, not JSON.stringify's).
 */
export function syncedSystemJsonText(text, pkg) {
  let synced = text;
  for (const [field, value] of Object.entries(releaseFields(pkg))) {
    const line = new RegExp(`^(  "${field}": )"[^"\\n]*"`, "m");
    if (!line.test(synced)) throw new Error(`system.json has no top-level "${field}" line to update.`);
    synced = synced.replace(line, (_, key) => `${key}${JSON.stringify(value)}`);
  }
  return synced;
}

/** Flags that serve development only (a linked dist/ in a running world) and never ship. */
const DEVELOPMENT_FLAGS = ["hotReload"];

/** The manifest a release ships: dist's, without the development-only flags. */
export function releasedManifest(manifest) {
  const { flags = {}, ...rest } = manifest;
  const kept = Object.fromEntries(
    Object.entries(flags).filter(([flag]) => !DEVELOPMENT_FLAGS.includes(flag)),
  );
  return Object.keys(kept).length ? { ...rest, flags: kept } : rest;
}
