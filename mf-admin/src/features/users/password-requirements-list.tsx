import { newPasswordRequirements } from '@kcf/contracts';

/** The reset policy, one line per rule, ticked once it holds. */
export function PasswordRequirementsList({ password }: { password: string }) {
  return (
    <div className="kcf-small" aria-label="Password requirements">
      <p className="kcf-muted" style={{ margin: '0 0 4px', fontWeight: 600 }}>
        Password requirements
      </p>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {newPasswordRequirements(password).map((rule) => (
          <li key={rule.label} className={rule.met ? 'kcf-positive' : 'kcf-muted'}>
            {rule.label}
            <span className="kcf-sr-only">{rule.met ? ' (met)' : ' (not met)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
