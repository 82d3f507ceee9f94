import { lazy, Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Beneficiary } from '@kcf/contracts';
import { Avatar, Button, Field } from '@kcf/ui';
import { errorMessageOf, useDeleteConfirm, useForm } from '@kcf/web-kit';
import { fileProblem } from '../../../shared/file-check';
import { UploadInput } from '../../../shared/upload-input';
import { usePermissions } from '../../../shared/use-permissions';
import { beneficiaryKeys, deletePhoto, photoSrc, refreshAfterBeneficiaryChange, uploadPhoto } from '../api';
import * as styles from '../beneficiaries.module.css';
import { useConsents } from '../consent/consent-api';
import { PHOTO_CONSENT_MISSING, PhotoConsentNotice } from '../consent/consent-notices';
import { consentOf, effectiveState } from '../consent/consent-view';

// The consent form (and the schema it checks with) loads when the consent is first recorded from here.
const ConsentDialog = lazy(() => import(/* webpackChunkName: "consent-dialog" */ '../consent/consent-dialog'));

function statusOf(err: unknown): string {
  return err && typeof err === 'object' && 'status' in err ? String((err as { status: unknown }).status) : 'unknown';
}

/**
 * Edit mode only: choose a photo, then 'Save Photo to Database'; 'Delete Photo' for superadmins. A photo is
 * shown and taken only while the child's photo consent (Photos (internal)) is granted, as the server decides:
 * withdrawn, there is no photo and no upload; not recorded (or expired), the panel asks for the consent to be
 * recorded first and offers to record it here.
 */
export function PhotoPanel({ beneficiary }: { beneficiary: Beneficiary }) {
  const client = useQueryClient();
  const { canDelete, canRecordConsent } = usePermissions();
  // The record as the server has it now, so a new photo shows as soon as it is saved.
  const { data: current } = useQuery<Beneficiary>({
    queryKey: beneficiaryKeys.one(beneficiary.id),
    initialData: beneficiary,
  });
  const record = current ?? beneficiary;
  const consents = useConsents(beneficiary.id);
  const photoConsent = consents.isSuccess ? effectiveState(consentOf(consents.data, 'photos_internal')) : undefined;
  const [recording, setRecording] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const refresh = () => refreshAfterBeneficiaryChange(client);

  const form = useForm({
    initial: { photo: null as File | null },
    check: ({ photo }) => ({ photo: fileProblem('photo', photo) }),
    beforeSubmit: ({ photo }) => photo !== null,
    submit: ({ photo }) => uploadPhoto(record.id, photo as File),
    success: 'Photo uploaded and saved to database',
    failure: 'Failed to upload photo',
    onSuccess: async (_answer, { reset }) => {
      reset();
      setInputKey((key) => key + 1);
      await refresh();
    },
    // A failed upload shows under the field: the server's message, else 'Upload failed with status <status>'.
    onError: (err, { setError }) =>
      setError('photo', errorMessageOf(err, `Upload failed with status ${statusOf(err)}`)),
  });
  const { photo } = form.values;

  const remove = useDeleteConfirm<Beneficiary>({
    title: 'Delete Photo',
    message: (b) => `Are you sure you want to delete the photo of ${b.fullName}? This action cannot be undone.`,
    run: (b) => deletePhoto(b.id),
    after: refresh,
    successMessage: 'Photo deleted from database',
    failureMessage: 'Failed to delete photo',
    failureToast: { serverMessage: false },
  });

  const granted = photoConsent === 'granted';
  return (
    <fieldset className={`${styles.section} ${styles.photoSection}`}>
      <legend className={styles.sectionTitle}>Photo</legend>
      {photoConsent !== 'not_recorded' && <PhotoConsentNotice state={photoConsent} />}
      <div className={styles.photoPanel}>
        <Avatar name={record.fullName} src={granted ? photoSrc(record) : null} size={80} />
        {granted && (
          <div className={styles.photoControls}>
            <Field label="Photo (JPG/PNG, max 1MB)" error={form.errors.photo}>
              <UploadInput
                key={inputKey}
                kind="photo"
                onFile={(file) => form.set('photo', file)}
                onProblem={(problem) => form.setError('photo', problem)}
              />
            </Field>
            <div className="kcf-row">
              <Button size="sm" disabled={!photo} loading={form.submitting} onClick={() => void form.handleSubmit()}>
                Save Photo to Database
              </Button>
              {canDelete && record.photoUrl && (
                <Button size="sm" variant="danger" disabled={form.submitting} onClick={() => remove.ask(record)}>
                  Delete Photo
                </Button>
              )}
            </div>
          </div>
        )}
        {photoConsent === 'not_recorded' && (
          <div className={styles.photoControls}>
            <p className="kcf-muted" role="status">
              {PHOTO_CONSENT_MISSING}
            </p>
            {canRecordConsent && (
              <div className="kcf-row">
                <Button size="sm" variant="secondary" onClick={() => setRecording(true)}>
                  Record Photo Consent
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
      {remove.dialog}
      {recording && (
        <Suspense fallback={null}>
          <ConsentDialog
            beneficiary={record}
            purpose="photos_internal"
            action="record"
            current={consentOf(consents.data, 'photos_internal')}
            onClose={() => setRecording(false)}
          />
        </Suspense>
      )}
    </fieldset>
  );
}
