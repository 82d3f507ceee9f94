import { passwordStrength } from '@kcf/contracts';

const SEGMENTS = [1, 2, 3, 4, 5] as const;

/** Five segments, one per point (length 8+, lowercase, uppercase, digit, special), and the label. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <div className="shell-strength" data-score={score}>
      <div
        className="shell-strength__bar"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        {SEGMENTS.map((segment) => (
          <span
            key={segment}
            className={
              segment <= score ? 'shell-strength__segment shell-strength__segment--on' : 'shell-strength__segment'
            }
          />
        ))}
      </div>
      <p className="shell-strength__label kcf-small">
        Password strength: <strong>{label}</strong>
      </p>
    </div>
  );
}
