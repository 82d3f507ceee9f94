export { cx } from './cx';
export {
  Button,
  IconButton,
  type ButtonProps,
  type IconButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './button';
export { Card, CardHeader, CardTitle, CardContent, CardFooter, type CardTitleProps } from './card';
export { Stack, type StackProps, type StackGap } from './layout/stack';
export { PageHeader, type PageHeaderProps } from './layout/page-header';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { AmountInput, Input, Select, Textarea, type SelectProps } from './form/controls';
export { Field, type FieldProps, type FieldControlProps } from './form/field';
export { PasswordInput, type PasswordInputProps } from './form/password-input';
export { DateInput, type DateInputProps } from './form/date-input';
export { parseDayFirst, dayFirstText } from './form/day-first-date';
export { Dialog, type DialogProps } from './dialog/dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './dialog/confirm-dialog';
export { FormDialog, type FormDialogForm, type FormDialogProps } from './dialog/form-dialog';
export { DialogLoading } from './dialog/dialog-loading';
export {
  Table,
  THead,
  TBody,
  Tr,
  Th,
  Td,
  SkeletonRows,
  type TableProps,
  type ThProps,
  type TdProps,
  type SortDirection,
} from './data/table';
export { RowActions, type RowActionsProps } from './data/row-actions';
export { FilterBar, type FilterBarProps } from './data/filter-bar';
export { Skeleton, type SkeletonProps } from './skeleton';
export { Spinner, FullScreenSpinner, type SpinnerProps } from './spinner';
export { ProgressBar, clampPercent, type ProgressBarProps, type ProgressTone } from './progress-bar';
export { EmptyState, type EmptyStateProps } from './feedback/empty-state';
export { ErrorCard, type ErrorCardProps } from './feedback/error-card';
export { OfflineBanner, OFFLINE_MESSAGE, type OfflineBannerProps } from './feedback/offline-banner';
export { Avatar, initialsOf, type AvatarProps } from './avatar';
export {
  ToastProvider,
  useToast,
  DEFAULT_TOAST_DURATION_MS,
  type ToastApi,
  type ToastOptions,
  type ToastVariant,
} from './toast/toast';
