import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_UPLOAD_REQUIRED_MESSAGE,
  type BeneficiaryDocument,
  type DocumentType,
} from '@kcf/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  Field,
  IconButton,
  Input,
  Select,
  Skeleton,
  type BadgeTone,
} from '@kcf/ui';
import { FileIcon, TrashIcon, UploadIcon } from '@kcf/ui/icons';
import { errorMessageOf, formatDate, formatFileSize, useDeleteConfirm, useForm } from '@kcf/web-kit';
import { fileProblem } from '../../../shared/file-check';
import { UploadInput } from '../../../shared/upload-input';
import { usePermissions } from '../../../shared/use-permissions';
import { MEDICAL_WITHDRAWN_NOTE, useMedicalWithdrawn } from '../consent/medical-consent';
import * as links from '../../../shared/links.module.css';
import * as styles from './detail.module.css';
import { documentRecords, refreshPart, usePart } from './records-api';

/** Badge colour per document type: medical red, academic blue, legal purple, photo green, other gray. */
export const DOCUMENT_TYPE_TONES: Record<DocumentType, BadgeTone> = {
  medical: 'red',
  academic: 'blue',
  legal: 'purple',
  photo: 'green',
  other: 'gray',
};

/** Document Attachments: the child's files with type and size; upload for staff who write, delete for superadmins. */
export function DocumentsCard({ beneficiaryId }: { beneficiaryId: string }) {
  const { canWrite, canDelete } = usePermissions();
  const client = useQueryClient();
  const documents = usePart(beneficiaryId, 'documents');
  const remove = useDeleteConfirm<BeneficiaryDocument>({
    title: 'Delete Document',
    message: (d) => `Are you sure you want to delete ${d.originalName}? This action cannot be undone.`,
    run: (d) => documentRecords.remove(d.id),
    after: () => refreshPart(client, beneficiaryId, 'documents'),
    successMessage: 'Document deleted successfully',
    failureMessage: 'Failed to delete document',
    failureToast: { serverMessage: false },
  });
  const rows = documents.data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Document Attachments</CardTitle>
      </CardHeader>
      <CardContent>
        {canWrite && <UploadForm beneficiaryId={beneficiaryId} />}
        {documents.isPending ? (
          <Skeleton height={48} />
        ) : rows.length === 0 ? (
          <EmptyState message="No documents uploaded yet." />
        ) : (
          <ul className={styles.list} aria-label="Documents">
            {rows.map((d) => (
              <li key={d.id} className={styles.item}>
                <div className={`${styles.itemMain} ${styles.docRow}`}>
                  <span className={styles.docIcon}>
                    <FileIcon size={22} />
                  </span>
                  <div>
                    <a
                      className={links.recordName}
                      href={`/uploads/${encodeURIComponent(d.fileName)}`}
                      target="_blank"
                      rel="noopener"
                    >
                      {d.originalName}
                    </a>
                    <div className="kcf-row kcf-small kcf-muted">
                      <Badge tone={DOCUMENT_TYPE_TONES[d.documentType]}>{DOCUMENT_TYPE_LABELS[d.documentType]}</Badge>
                      <span>{formatFileSize(d.fileSize)}</span>
                      <span>{formatDate(d.uploadedAt)}</span>
                    </div>
                    {d.description && <p className={styles.needMeta}>{d.description}</p>}
                  </div>
                </div>
                {canDelete && (
                  <IconButton size="sm" label={`Delete ${d.originalName}`} onClick={() => remove.ask(d)}>
                    <TrashIcon />
                  </IconButton>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {remove.dialog}
    </Card>
  );
}

const EMPTY_UPLOAD = { file: null as File | null, documentType: '', description: '' };

/** Choose a file, its type and a description; every problem shows under the file. */
function UploadForm({ beneficiaryId }: { beneficiaryId: string }) {
  const client = useQueryClient();
  const [inputKey, setInputKey] = useState(0);
  // The server refuses a medical document while medical consent is withdrawn: the type is not offered.
  const medicalWithdrawn = useMedicalWithdrawn(beneficiaryId);
  const form = useForm({
    initial: EMPTY_UPLOAD,
    check: ({ file, documentType }) => ({
      document: !file || !documentType ? DOCUMENT_UPLOAD_REQUIRED_MESSAGE : fileProblem('document', file),
    }),
    submit: ({ file, documentType, description }) =>
      documentRecords.upload(beneficiaryId, file as File, documentType, description),
    success: 'Document uploaded successfully',
    failure: 'Failed to upload document',
    failureToast: { serverMessage: false },
    onSuccess: async (_answer, { reset }) => {
      reset();
      setInputKey((k) => k + 1);
      await refreshPart(client, beneficiaryId, 'documents');
    },
    onError: (err, { setError }) => setError('document', errorMessageOf(err, 'Failed to upload document')),
  });
  // A new choice takes the message away.
  const change = <K extends keyof typeof EMPTY_UPLOAD>(field: K, value: (typeof EMPTY_UPLOAD)[K]) => {
    form.set(field, value);
    form.setError('document', null);
  };

  return (
    <form className={styles.uploadForm} onSubmit={form.handleSubmit} noValidate aria-label="Upload document">
      {/* The file is checked on Upload, together with the type. */}
      <Field label="Document (PDF, JPG, PNG, DOC, DOCX)" error={form.errors.document}>
        <UploadInput key={inputKey} kind="document" onFile={(file) => change('file', file)} />
      </Field>
      <Field label="Document Type" hint={medicalWithdrawn ? MEDICAL_WITHDRAWN_NOTE : undefined}>
        <Select
          value={form.values.documentType}
          onChange={(e) => change('documentType', e.target.value)}
          placeholder="Select type"
          options={medicalWithdrawn ? DOCUMENT_TYPES.filter((type) => type !== 'medical') : DOCUMENT_TYPES}
          labels={DOCUMENT_TYPE_LABELS}
        />
      </Field>
      <Field label="Description (optional)">
        <Input {...form.bind('description')} />
      </Field>
      <Button type="submit" icon={<UploadIcon />} loading={form.submitting}>
        Upload
      </Button>
    </form>
  );
}
