export {
  sniffFileType,
  checkFile,
  type SniffedType,
  type FileRule,
  type FileRefusal,
  type UploadedBytes,
} from './file-sniffer';
export { zipEntryNames } from './zip-entries';
export { contentDisposition } from './content-disposition';
export {
  SANDBOX_POLICY,
  INLINE_IMAGE_POLICY,
  fileAnswerPolicy,
  setFileHeaders,
  isNotModified,
  fileBody,
  serveFile,
  type FileAnswerPolicy,
  type FileResponseOptions,
} from './file-headers';
