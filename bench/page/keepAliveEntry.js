// Builds before the keep-alive entry existed: the same functions came from the main entry, and the
// `keepAlive` prop was a boolean. The bench aliases `svc-embed-react/keep-alive` here for those builds only.
export { embedParking, preloadEmbed } from 'svc-embed-react';
export const keepAlive = true;
