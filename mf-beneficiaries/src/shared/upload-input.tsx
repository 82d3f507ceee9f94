import type { ComponentProps } from 'react';
import { Input } from '@kcf/ui';
import { acceptFor, fileProblem, type UploadKind } from './file-check';

interface UploadInputProps extends Omit<ComponentProps<'input'>, 'type' | 'accept' | 'onChange'> {
  kind: UploadKind;
  /** The chosen file; null when the choice is cleared. */
  onFile: (file: File | null) => void;
  /** Then what is wrong with it (type, size), or null: checked as soon as it is chosen. */
  onProblem?: (problem: string | null) => void;
}

/** A file input for one kind of upload: offers what the server accepts and checks the chosen file at once. */
export function UploadInput({ kind, onFile, onProblem, ...rest }: UploadInputProps) {
  return (
    <Input
      {...rest}
      type="file"
      accept={acceptFor(kind)}
      onChange={(e) => {
        const file = e.target.files?.[0] ?? null;
        onFile(file);
        onProblem?.(fileProblem(kind, file));
      }}
    />
  );
}
