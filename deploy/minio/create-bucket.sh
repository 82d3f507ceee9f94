#!/bin/sh
# One-shot MinIO setup, safe to run again: the files bucket (private), a policy limited to that bucket,
# and the services' own MinIO user holding that policy. Runs in the minio/mc image.
set -eu

: "${MINIO_URL:?}" "${MINIO_ROOT_USER:?}" "${MINIO_ROOT_PASSWORD:?}"
: "${S3_BUCKET:?}" "${S3_ACCESS_KEY:?}" "${S3_SECRET_KEY:?}"

if [ "$S3_ACCESS_KEY" = "$MINIO_ROOT_USER" ]; then
  echo "S3_ACCESS_KEY must differ from MINIO_ROOT_USER: the services get their own, bucket-limited user." >&2
  exit 1
fi

mc alias set kcf "$MINIO_URL" "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null

mc mb --ignore-existing "kcf/$S3_BUCKET"
mc anonymous set none "kcf/$S3_BUCKET"

policy="$S3_BUCKET-readwrite"
policy_file="/tmp/$policy.json"
bucket_arn="arn:aws:s3:::$S3_BUCKET"
printf '{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads", "s3:CreateBucket"],
      "Resource": ["%s"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": ["%s/*"]
    }
  ]
}\n' "$bucket_arn" "$bucket_arn" > "$policy_file"
mc admin policy create kcf "$policy" "$policy_file"

# Adding an existing user only updates its secret key.
mc admin user add kcf "$S3_ACCESS_KEY" "$S3_SECRET_KEY"
case "$(mc admin user info kcf "$S3_ACCESS_KEY")" in
  *"$policy"*) echo "User $S3_ACCESS_KEY already holds $policy." ;;
  *) mc admin policy attach kcf "$policy" --user "$S3_ACCESS_KEY" ;;
esac

echo "Bucket $S3_BUCKET is ready for user $S3_ACCESS_KEY."
