import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RetentionReviewChild } from '@kcf/contracts';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorCard,
  SkeletonRows,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
} from '@kcf/ui';
import { errorMessageOf, formatDate, formatDateTime } from '@kcf/web-kit';
import { useRetentionReview } from './data-requests-api';
import { DATA_REQUEST_TEXTS } from './data-requests-texts';
import { KeepDialog } from './keep-dialog';
import * as styles from './data-requests.module.css';

/** The child's profile, opening the erase dialog there (the profile is where a child is erased). */
export const erasePath = (beneficiaryId: string) => `/beneficiaries/${encodeURIComponent(beneficiaryId)}?erase=1`;

/** The retention review: inactive children due for a decision, oldest first, each with Keep and Erase. */
export function RetentionReviewCard() {
  const review = useRetentionReview();
  const [keeping, setKeeping] = useState<RetentionReviewChild | null>(null);
  const children = review.data ?? [];

  return (
    <section aria-labelledby="retention-review-title">
      <Card>
        <CardHeader>
          <div>
            <CardTitle id="retention-review-title">{DATA_REQUEST_TEXTS.reviewTitle}</CardTitle>
            <p className={styles.intro}>{DATA_REQUEST_TEXTS.reviewIntro}</p>
          </div>
        </CardHeader>
        <CardContent>
          {review.isError && !review.data ? (
            <ErrorCard
              title={DATA_REQUEST_TEXTS.reviewFailed}
              message={errorMessageOf(review.error, review.error.message)}
              onRetry={() => void review.refetch()}
              retrying={review.isFetching}
            />
          ) : !review.isPending && children.length === 0 ? (
            <EmptyState message={DATA_REQUEST_TEXTS.reviewEmpty} />
          ) : (
            <Table aria-label="Retention review">
              <THead>
                <Tr>
                  <Th>Child</Th>
                  <Th>Inactive since</Th>
                  <Th>Last kept</Th>
                  <Th align="right">Actions</Th>
                </Tr>
              </THead>
              <TBody>
                {review.isPending ? (
                  <SkeletonRows rows={3} widths={[180, 110, 200, 140]} />
                ) : (
                  children.map((child) => (
                    <Tr key={child.beneficiaryId} data-testid={`retention-${child.beneficiaryId}`}>
                      <Td>
                        <Link to={`/beneficiaries/${encodeURIComponent(child.beneficiaryId)}`} className="kcf-link">
                          {child.fullName}
                        </Link>
                        <div className="kcf-muted kcf-small">{child.beneficiaryId}</div>
                      </Td>
                      <Td className={styles.nowrap}>{formatDate(child.inactiveSince)}</Td>
                      <Td>
                        {child.kept ? (
                          <>
                            <div className={styles.nowrap}>
                              {formatDateTime(child.kept.at)}
                              {child.kept.by ? ` by ${child.kept.by}` : ''}
                            </div>
                            <p className={styles.kept}>{child.kept.reason}</p>
                          </>
                        ) : (
                          <span className="kcf-muted">Never</span>
                        )}
                      </Td>
                      <Td align="right">
                        <div className="kcf-row kcf-row--end kcf-row--nowrap">
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Keep ${child.fullName}`}
                            onClick={() => setKeeping(child)}
                          >
                            Keep
                          </Button>
                          <Link
                            to={erasePath(child.beneficiaryId)}
                            className="kcf-btn kcf-btn--danger kcf-btn--sm"
                            aria-label={`Erase ${child.fullName}`}
                          >
                            Erase
                          </Link>
                        </div>
                      </Td>
                    </Tr>
                  ))
                )}
              </TBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {keeping && <KeepDialog child={keeping} onClose={() => setKeeping(null)} />}
    </section>
  );
}
