// viem, ox, @solana/* and others list TypeScript as an optional peer (for their types only; no
// code of theirs loads it). The workspace's own TypeScript satisfied that peer, so pnpm linked it
// to them and `pnpm deploy --prod` shipped TypeScript (23 MiB) with the service. Dropped here, an
// optional TypeScript peer is never linked; type-checking in the workspace is unchanged (tsc
// reads their declarations, it does not need to be their peer).
module.exports = {
  hooks: {
    readPackage(manifest) {
      if (manifest.peerDependenciesMeta?.typescript?.optional === true) {
        delete manifest.peerDependencies?.typescript;
        delete manifest.peerDependenciesMeta.typescript;
      }
      return manifest;
    },
  },
};
