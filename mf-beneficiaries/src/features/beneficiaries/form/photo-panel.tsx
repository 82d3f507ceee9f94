import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Beneficiary } from '@kcf/contracts';
import { Avatar, Button, ConfirmDialog, Field, Input } from '@kcf/ui';
import { errorMessageOf } from '@kcf/web-kit';
import { acceptFor, fileProblem } from '../../../shared/file-check';
import { useNotify } from '../../../shared/notify';
import { usePermissions } from '../../../shared/use-permissions';
import { beneficiaryKeys, deletePhoto, photoSrc, refreshAfterBeneficiaryChange, uploadPhoto } from '../api';
import * as styles from '../beneficiaries.module.css';

/** Edit mode only: choose a photo, then 'Save Photo to Database'; 'Delete Photo' for superadmins. */
export function PhotoPanel({ beneficiary }: { beneficiary: Beneficiary }) {
  const client = useQueryClient();
  const notify = useNotify();
  const { canDelete } = usePermissions();
  // The record as the server has it now, so a new photo shows as soon as it is saved.
  const { data: current } = useQuery<Beneficiary>({ queryKey: beneficiaryKeys.one(beneficiary.id), initialData: beneficiary });
  const record = current ?? beneficiary;
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const clearSelection = () => {
    setFile(null);
    setProblem(null);
    setInputKey((key) => key + 1);
  };

  const onSave = async () => {
    if (!file) return;
    const found = fileProblem('photo', file);
    if (found) {
      setProblem(found);
      return;
    }
    setBusy('upload');
    try {
      await uploadPhoto(record.id, file);
      notify.success('Photo uploaded and saved to database');
      clearSelection();
      await refreshAfterBeneficiaryChange(client);
    } catch (err) {
      setProblem(errorMessageOf(err, `Upload failed with status ${statusOf(err)}`));
      notify.failure(err, 'Failed to upload photo', { preferServerMessage: true });
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async () => {
    setBusy('delete');
    try {
      await deletePhoto(record.id);
      notify.success('Photo deleted from database');
      setConfirming(false);
      await refreshAfterBeneficiaryChange(client);
    } catch (err) {
      notify.failure(err, 'Failed to delete photo');
    } finally {
      setBusy(null);
    }
  };

  return (
    <fieldset className={`${styles.section} ${styles.photoSection}`}>
      <legend className={styles.sectionTitle}>Photo</legend>
      <div className={styles.photoPanel}>
        <Avatar name={record.fullName} src={photoSrc(record)} size={80} />
        <div className={styles.photoControls}>
          <Field label="Photo (JPG/PNG, max 1MB)" error={problem}>
            <Input
              key={inputKey}
              type="file"
              accept={acceptFor('photo')}
              className={styles.fileInput}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setProblem(fileProblem('photo', chosen));
              }}
            />
          </Field>
          <div className="kcf-row">
            <Button size="sm" onClick={onSave} disabled={!file || busy !== null} loading={busy === 'upload'}>
              Save Photo to Database
            </Button>
            {canDelete && record.photoUrl && (
              <Button size="sm" variant="danger" disabled={busy !== null} onClick={() => setConfirming(true)}>
                Delete Photo
              </Button>
            )}
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Photo"
        message={`Are you sure you want to delete the photo of ${record.fullName}? This action cannot be undone.`}
        onConfirm={onDelete}
        loading={busy === 'delete'}
      />
    </fieldset>
  );
}

function statusOf(err: unknown): string {
  return err && typeof err === 'object' && 'status' in err ? String((err as { status: unknown }).status) : 'unknown';
}
