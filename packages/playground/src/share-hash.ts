/** How a share link's hash starts (`#p=<deflate-raw, base64url>`): the page checks it before loading share-link.ts. */
export const SHARE_HASH_PREFIX = '#p=';
