/** The list's query schema, in a chunk of its own: loaded only when the address holds a filter to check. */
export { GiftListQuery } from '@kcf/contracts';
