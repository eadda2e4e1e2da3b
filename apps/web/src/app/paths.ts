/**
 * docs/screens.md spells the messages route with a double leading slash (//messages/byconvprogress/5).
 * The router squeezes repeated slashes out of route patterns but not out of the address, so
 * the address is matched with its leading slashes collapsed; the address bar keeps its documented form.
 */
export function collapseLeadingSlashes(pathname: string): string {
  return pathname.replace(/^\/{2,}/, '/');
}

/** Links inside the app use one slash: a "//..." href would be read as another host. */
export function messagesPath(conversationProgressId: number): string {
  return `/messages/byconvprogress/${conversationProgressId}`;
}
