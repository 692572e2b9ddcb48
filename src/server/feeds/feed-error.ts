/** A problem with a feed or its fetch; the message is German and meant for the user. */
export class FeedError extends Error {}
