import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_UPLOAD_REQUIRED_MESSAGE,
  type BeneficiaryDocument,
  type DocumentType,
} from '@kcf/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Field, IconButton, Input, Select, Skeleton, type BadgeTone } from '@kcf/ui';
import { errorMessageOf, formatDate, formatFileSize } from '@kcf/web-kit';
import { acceptFor, fileProblem } from '../../../shared/file-check';
import { FileIcon, TrashIcon, UploadIcon } from '../../../shared/icons';
import { useNotify } from '../../../shared/notify';
import { useDeleteConfirm } from '../../../shared/use-delete-confirm';
import { usePermissions } from '../../../shared/use-permissions';
import * as styles from './detail.module.css';
import { documentRecords, refreshPart, usePart } from './records-api';

/** Spec §2: medical red, academic blue, legal purple, photo green, other gray. */
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
                    <a className={styles.docName} href={`/uploads/${encodeURIComponent(d.fileName)}`} target="_blank" rel="noopener">
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
                    <TrashIcon size={16} />
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

function UploadForm({ beneficiaryId }: { beneficiaryId: string }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState('');
  const [description, setDescription] = useState('');
  const [inputKey, setInputKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || !documentType) {
      setProblem(DOCUMENT_UPLOAD_REQUIRED_MESSAGE);
      return;
    }
    const found = fileProblem('document', file);
    if (found) {
      setProblem(found);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await documentRecords.upload(beneficiaryId, file, documentType, description);
      notify.success('Document uploaded successfully');
      setFile(null);
      setDocumentType('');
      setDescription('');
      setInputKey((k) => k + 1);
      await refreshPart(client, beneficiaryId, 'documents');
    } catch (err) {
      setProblem(errorMessageOf(err, 'Failed to upload document'));
      notify.failure(err, 'Failed to upload document');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.uploadForm} onSubmit={submit} noValidate aria-label="Upload document">
      <Field label="Document (PDF, JPG, PNG, DOC, DOCX)" error={problem}>
        <Input
          key={inputKey}
          type="file"
          accept={acceptFor('document')}
          className={styles.fileInput}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem(null);
          }}
        />
      </Field>
      <Field label="Document Type">
        <Select
          value={documentType}
          onChange={(e) => {
            setDocumentType(e.target.value);
            setProblem(null);
          }}
        >
          <option value="">Select type</option>
          {DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {DOCUMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Description (optional)">
        <Input value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Button type="submit" icon={<UploadIcon size={16} />} loading={busy}>
        Upload
      </Button>
    </form>
  );
}
