import { CONSENT_PURPOSE_LABELS } from '@kcf/contracts';
import type { Form } from '@kcf/web-kit';
import { ConsentFields } from '../consent/consent-fields';
import * as consentStyles from '../consent/consent.module.css';
import * as styles from '../beneficiaries.module.css';
import { consentInput, OPTIONAL_PURPOSES, type AddBeneficiaryValues } from './create-consents';

/**
 * Add mode: the guardian's consent. Registration is required to create a child; medical and the two photo
 * purposes are granted by the same person when ticked, and stay not recorded otherwise.
 */
export function ConsentSection({ form }: { form: Form<AddBeneficiaryValues> }) {
  const { values, errors } = form;
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Consent</legend>
      <p className={consentStyles.hint}>
        Registration consent of the parent or guardian is required to register a child.
      </p>
      {errors.consents && (
        <p role="alert" className="kcf-form-error">
          {errors.consents}
        </p>
      )}
      <div className="kcf-grid kcf-grid--2">
        <ConsentFields
          state="granted"
          method={values.consentMethod}
          bind={(field) => form.bind(consentInput(field))}
          errors={{
            givenBy: errors.consentGivenBy,
            relationship: errors.consentRelationship,
            method: errors.consentMethod,
            witness: errors.consentWitness,
            date: errors.consentDate,
            expiresOn: errors.consentExpiresOn,
          }}
        />
      </div>
      <fieldset className={consentStyles.purposes}>
        <legend className={consentStyles.hint}>Also granted by the same person (otherwise not recorded):</legend>
        {OPTIONAL_PURPOSES.map((purpose) => (
          <label key={purpose} className={consentStyles.check}>
            <input
              type="checkbox"
              name={purpose}
              checked={values[purpose] === 'true'}
              onChange={(event) => form.set(purpose, event.target.checked ? 'true' : '')}
            />
            {CONSENT_PURPOSE_LABELS[purpose]}
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}
