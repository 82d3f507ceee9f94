import { newPasswordRequirements } from '@kcf/contracts';
import { CheckIcon, CrossIcon } from '@kcf/ui/icons';

function Mark({ met }: { met: boolean }) {
  return met ? <CheckIcon size={14} strokeWidth={3} /> : <CrossIcon size={14} strokeWidth={3} />;
}

/** The requirements box: each rule of the new-password policy, ticked once it holds. */
export function PasswordRequirements({ password }: { password: string }) {
  return (
    <div className="shell-requirements" aria-label="Password requirements">
      <p className="shell-requirements__title">Password requirements</p>
      <ul>
        {newPasswordRequirements(password).map((rule) => (
          <li key={rule.label} className={rule.met ? 'shell-requirements__met' : undefined}>
            <Mark met={rule.met} />
            <span>{rule.label}</span>
            <span className="kcf-sr-only">{rule.met ? '(met)' : '(not met)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
