/**
 * `@kcf/web-kit/lists`: a list's state in the address. An entry of its own, outside the shared chunk the dashboard
 * loads: each remote that lists carries its copy (about 1 KiB; it keeps no state of its own, the address does).
 */
export {
  useListParams,
  LIST_MAX_ROWS,
  type ListFilterBarProps,
  type ListParams,
  type ListParamsOptions,
  type ListSchema,
} from './use-list-params';
