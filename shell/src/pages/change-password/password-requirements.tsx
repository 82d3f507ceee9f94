import { newPasswordRequirements } from '@kcf/contracts';

function Mark({ met }: { met: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
      {met ? <path d="M5 12l5 5 9-10" /> : <path d="M6 6l12 12M18 6L6 18" />}
    </svg>
  );
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
