/**
 * What the service answers when an upload breaks a file rule (`FILE_RULES`): 413 for the size,
 * 415 for the type, read from the file's bytes (a renamed text file is not a PNG). The photo upload's
 * failure toast shows the server's message.
 */
export const UPLOAD_MESSAGES = {
  birthCertificate: {
    tooLarge: 'Birth certificate must be 5MB or less',
    wrongType: 'Birth certificate must be a PDF file',
  },
  photo: {
    tooLarge: 'Photo must be 1MB or less',
    wrongType: 'Photo must be a JPG or PNG image',
    missing: 'Please choose a photo',
  },
  giftPhoto: { tooLarge: 'Gift photo must be 5MB or less', wrongType: 'Gift photo must be a JPG or PNG image' },
  document: {
    tooLarge: 'Document must be 10MB or less',
    wrongType: 'Document must be a PDF, JPG, PNG, DOC or DOCX file',
  },
} as const;
