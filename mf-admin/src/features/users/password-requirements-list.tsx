import { newPasswordRequirements } from '@kcf/contracts';
import * as styles from './users.module.css';

/** The reset policy, one line per rule, ticked once it holds. */
export function PasswordRequirementsList({ password }: { password: string }) {
  return (
    <div className="kcf-small" aria-label="Password requirements">
      <p className={`kcf-muted ${styles.requirementsTitle}`}>Password requirements</p>
      <ul className={styles.requirements}>
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
