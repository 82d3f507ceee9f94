import { usagePercentage, type Money } from '@kcf/contracts';
import { ProgressBar } from '@kcf/ui';
import { usageTone } from './budget-summary';

/** A budget's usage: capped at 100% wide, green up to 80%, yellow above 80%, red above 100%. */
export function UsageBar({ used, planned, label }: { used: Money; planned: Money; label: string }) {
  return <ProgressBar value={usagePercentage(used, planned)} tone={usageTone(used, planned)} label={label} />;
}
