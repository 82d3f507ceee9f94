import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COUNTIES, COUNTY_LABELS, GRADE_LEVELS, GRADE_LEVEL_LABELS, toIsoDate, type Beneficiary } from '@kcf/contracts';
import { Button, Dialog, Field, Input, Select } from '@kcf/ui';
import { acceptFor, fileProblem } from '../../../shared/file-check';
import { showSaveFailure, type FieldErrors } from '../../../shared/form-errors';
import { useNotify } from '../../../shared/notify';
import { refreshAfterBeneficiaryChange, saveBeneficiary } from '../api';
import * as styles from '../beneficiaries.module.css';
import { initialValues, toFormData, validateBeneficiary, type BeneficiaryField } from './beneficiary-form';
import { PhotoPanel } from './photo-panel';

export interface BeneficiaryDialogProps {
  /** null: add a new child; otherwise edit this one. */
  beneficiary: Beneficiary | null;
  onClose: () => void;
  /** Called with the saved record after a successful save. */
  onSaved?: (saved: Beneficiary) => void;
}

/** Add/Edit beneficiary: personal, location, guardian and school sections, birth certificate, photo (edit). */
export default function BeneficiaryDialog({ beneficiary, onClose, onSaved }: BeneficiaryDialogProps) {
  const isEdit = beneficiary !== null;
  const formId = useId();
  const client = useQueryClient();
  const notify = useNotify();
  const [values, setValues] = useState(() => initialValues(beneficiary));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);

  const clearError = (field: string) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });

  const bind = (field: BeneficiaryField) => ({
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      clearError(field);
    },
  });

  const onCertificate = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    setCertificate(file);
    const problem = fileProblem('birthCertificate', file);
    setErrors((current) => {
      const { birthCertificate: _old, ...rest } = current;
      return problem ? { ...rest, birthCertificate: problem } : rest;
    });
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateBeneficiary(values);
    const certificateProblem = fileProblem('birthCertificate', certificate);
    if (certificateProblem) found.birthCertificate = certificateProblem;
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      const form = e.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    try {
      const saved = await saveBeneficiary(beneficiary?.id ?? null, toFormData(values, certificate));
      notify.success(isEdit ? 'Beneficiary updated successfully' : 'Beneficiary created successfully');
      await refreshAfterBeneficiaryChange(client);
      onSaved?.(saved);
      onClose();
    } catch (err) {
      showSaveFailure(err, isEdit ? 'Failed to update beneficiary' : 'Failed to create beneficiary', { setErrors, setServerError, notify });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={isEdit ? 'Edit Beneficiary' : 'Add New Beneficiary'}
      description={isEdit ? `${beneficiary.fullName} (${beneficiary.id})` : undefined}
      size="lg"
      dismissible={!saving}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {isEdit ? 'Update Beneficiary' : 'Create Beneficiary'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className={styles.formStack}>
        {serverError && (
          <p role="alert" className={styles.formError}>
            {serverError}
          </p>
        )}

        <Section title="Personal Information">
          <Field label="Full Name" required error={errors.fullName}>
            <Input {...bind('fullName')} autoComplete="off" />
          </Field>
          <Field label="Date of Birth" required error={errors.dateOfBirth}>
            <Input {...bind('dateOfBirth')} type="date" max={toIsoDate(new Date())} />
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
            <Select {...bind('county')}>
              <option value="">Select county</option>
              {COUNTIES.map((county) => (
                <option key={county} value={county}>
                  {COUNTY_LABELS[county]}
                </option>
              ))}
            </Select>
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
            <Select {...bind('gradeLevel')}>
              <option value="">Select grade level</option>
              {GRADE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {GRADE_LEVEL_LABELS[level]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="School Status" error={errors.isActive}>
            <Select {...bind('isActive')}>
              <option value="true">Active</option>
              <option value="false">Inactive</option>
            </Select>
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
            <Input type="file" accept={acceptFor('birthCertificate')} onChange={onCertificate} className={styles.fileInput} />
          </Field>
        </Section>

        <p className={styles.note}>
          Special needs are managed from the beneficiary&apos;s profile page after creation.
        </p>
      </form>

      {isEdit && (
        <PhotoPanel beneficiary={beneficiary} />
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{title}</legend>
      <div className={styles.formGrid}>{children}</div>
    </fieldset>
  );
}
