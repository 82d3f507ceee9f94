import { usageColour } from '@kcf/contracts';
import { ProgressBar } from '@kcf/ui';

/** A budget's usage: capped at 100% wide, green up to 80%, yellow above 80%, red above 100% (spec §2, §9). */
export function UsageBar({ percentage, label }: { percentage: number; label: string }) {
  return <ProgressBar value={percentage} tone={usageColour(percentage)} label={label} />;
}
