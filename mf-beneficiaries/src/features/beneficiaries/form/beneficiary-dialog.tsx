import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  BeneficiaryBody,
  COUNTIES,
  COUNTY_LABELS,
  GRADE_LEVELS,
  GRADE_LEVEL_LABELS,
  foundationToday,
  type Beneficiary,
} from '@kcf/contracts';
import { Field, FormDialog, Input, Select } from '@kcf/ui';
import { errorMessageOf, now, useForm } from '@kcf/web-kit';
import { fileProblem } from '../../../shared/file-check';
import { UploadInput } from '../../../shared/upload-input';
import { refreshAfterBeneficiaryChange, saveBeneficiary } from '../api';
import * as styles from '../beneficiaries.module.css';
import { initialValues, toFormData } from './beneficiary-form';
import { ConsentSection } from './consent-section';
import {
  AddBeneficiarySchema,
  createConsentsOf,
  initialConsentValues,
  type AddBeneficiaryValues,
} from './create-consents';
import { PhotoPanel } from './photo-panel';

export interface BeneficiaryDialogProps {
  /** null: add a new child; otherwise edit this one. */
  beneficiary: Beneficiary | null;
  onClose: () => void;
  /** Called with the saved record after a successful save. */
  onSaved?: (saved: Beneficiary) => void;
}

/** Moves the focus to the first field with a message, once it is drawn. */
function focusFirstInvalid(_errors: unknown, form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * Add/Edit beneficiary: personal, location, guardian and school sections, birth certificate; the guardian's
 * consent (add: registration required, checked with the contract's create body and sent as `consents`);
 * the photo (edit).
 */
export default function BeneficiaryDialog({ beneficiary, onClose, onSaved }: BeneficiaryDialogProps) {
  const isEdit = beneficiary !== null;
  const client = useQueryClient();
  const [certificate, setCertificate] = useState<File | null>(null);
  const failure = isEdit ? 'Failed to update beneficiary' : 'Failed to create beneficiary';
  const form = useForm<AddBeneficiaryValues, unknown, Beneficiary>({
    initial: () => ({ ...initialValues(beneficiary), ...initialConsentValues() }),
    // Editing sends the child's fields only; adding also the consents, checked as the server's create body.
    schema: isEdit ? BeneficiaryBody : AddBeneficiarySchema,
    check: () => ({ birthCertificate: fileProblem('birthCertificate', certificate) }),
    onInvalid: focusFirstInvalid,
    submit: (_body, values) =>
      saveBeneficiary(
        beneficiary?.id ?? null,
        toFormData(values, certificate, isEdit ? undefined : createConsentsOf(values)),
      ),
    success: isEdit ? 'Beneficiary updated successfully' : 'Beneficiary created successfully',
    failure,
    failureToast: { serverMessage: false },
    onSuccess: async (saved) => {
      await refreshAfterBeneficiaryChange(client);
      onSaved?.(saved);
      onClose();
    },
  });
  const { errors, bind } = form;

  return (
    <FormDialog
      title={isEdit ? 'Edit Beneficiary' : 'Add New Beneficiary'}
      description={isEdit ? `${beneficiary.fullName} (${beneficiary.id})` : undefined}
      size="lg"
      onClose={onClose}
      form={form}
      submitLabel={isEdit ? 'Update Beneficiary' : 'Create Beneficiary'}
      error={form.failure ? errorMessageOf(form.failure, failure) : null}
      className={styles.formStack}
      after={isEdit && <PhotoPanel beneficiary={beneficiary} />}
    >
      <Section title="Personal Information">
        <Field label="Full Name" required error={errors.fullName}>
          <Input {...bind('fullName')} autoComplete="off" />
        </Field>
        <Field label="Date of Birth" required error={errors.dateOfBirth}>
          <Input {...bind('dateOfBirth')} type="date" max={foundationToday(now())} />
        </Field>
      </Section>

      <Section title="Location Information">
        <Field label="Home Village" required error={errors.homeVillage}>
          <Input {...bind('homeVillage')} />
        </Field>
        <Field label="Sub-county" required error={errors.subCounty}>
          <Input {...bind('subCounty')} />
        </Field>
        <Field label="County" required error={errors.county}>
          <Select {...bind('county')} placeholder="Select county" options={COUNTIES} labels={COUNTY_LABELS} />
        </Field>
      </Section>

      <Section title="Guardian Information">
        <Field label="Guardian Name" required error={errors.guardianName}>
          <Input {...bind('guardianName')} />
        </Field>
        <Field label="Guardian Phone" required error={errors.guardianPhone}>
          <Input {...bind('guardianPhone')} type="tel" placeholder="e.g. 0712 345 678" />
        </Field>
      </Section>

      <Section title="School Information">
        <Field label="School Name" required error={errors.schoolName}>
          <Input {...bind('schoolName')} />
        </Field>
        <Field label="Grade Level" required error={errors.gradeLevel}>
          <Select
            {...bind('gradeLevel')}
            placeholder="Select grade level"
            options={GRADE_LEVELS}
            labels={GRADE_LEVEL_LABELS}
          />
        </Field>
        <Field label="School Status" error={errors.isActive}>
          <Select {...bind('isActive')} options={['true', 'false']} labels={{ true: 'Active', false: 'Inactive' }} />
        </Field>
      </Section>

      <Section title="Documents">
        <Field
          label="Birth Certificate (PDF, max 5MB)"
          error={errors.birthCertificate}
          hint={
            isEdit && beneficiary.birthCertificateUrl ? (
              <a className="kcf-link" href={beneficiary.birthCertificateUrl} target="_blank" rel="noopener">
                View current birth certificate
              </a>
            ) : undefined
          }
        >
          <UploadInput
            kind="birthCertificate"
            onFile={setCertificate}
            onProblem={(problem) => form.setError('birthCertificate', problem)}
          />
        </Field>
      </Section>

      {!isEdit && <ConsentSection form={form} />}

      <p className={styles.note}>Special needs are managed from the beneficiary&apos;s profile page after creation.</p>
    </FormDialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{title}</legend>
      <div className="kcf-grid kcf-grid--2">{children}</div>
    </fieldset>
  );
}
