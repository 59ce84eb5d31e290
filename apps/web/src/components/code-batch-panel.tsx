import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  type Control,
  Controller,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type UseFormSetError,
} from 'react-hook-form';
import { ApiError } from '../lib/api.ts';
import { fieldMessage, showApiError } from '../lib/form-errors.ts';
import { CsvUploadCard, type CsvUploadFormProps } from './csv-upload.tsx';
import { JobProgress } from './job-progress.tsx';

export type GenerateCard = {
  title: string;
  submitLabel: string;
  /** The form's submit handler (react-hook-form's `handleSubmit` around the kind's mutation). */
  onSubmit: () => void;
  isPending: boolean;
  /** The kind's inputs: a count first, then a prefix or a value. */
  fields: ReactNode;
  /** The button on its own row below the fields, when these take more than one row. */
  isStacked?: boolean;
};

/**
 * The codes of one kind (reward codes, raffle codes, redeem-code batches): a card that generates
 * N of them (a large count may run as a job, followed here), then the CSV upload with its
 * per-row report.
 */
export function CodeBatchPanel({
  generate,
  job,
  upload,
}: {
  generate: GenerateCard;
  job?: { id: string | null; onFinished: () => void };
  upload: CsvUploadFormProps & { title: string };
}) {
  const button = (
    <Button type="submit" mt={generate.isStacked ? undefined : 24} loading={generate.isPending}>
      {generate.submitLabel}
    </Button>
  );
  return (
    <>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {generate.title}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            generate.onSubmit();
          }}
        >
          {generate.isStacked ? (
            <Stack>
              {generate.fields}
              <Group>{button}</Group>
            </Stack>
          ) : (
            <Group align="flex-start">
              {generate.fields}
              {button}
            </Group>
          )}
        </form>
        {job?.id && (
          <Stack mt="md">
            <JobProgress jobId={job.id} onFinished={job.onFinished} />
          </Stack>
        )}
      </Card>
      <CsvUploadCard {...upload} />
    </>
  );
}

/** A code prefix as typed, in capitals (codes are upper-case). */
export function PrefixField<V extends FieldValues, TBody = V>({
  control,
  name,
  label,
  description,
  error,
}: {
  control: Control<V, unknown, TBody>;
  name: FieldPath<V>;
  label: string;
  description: string;
  error: FieldError | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={label}
          description={description}
          value={field.value}
          onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
          onBlur={field.onBlur}
          error={fieldMessage(error)}
          maxLength={10}
          w={200}
        />
      )}
    />
  );
}

/**
 * Puts a failed upload's messages on the screen's own fields; true when one took a message (the
 * upload form then shows no toast), false to let the upload form show the failure.
 */
export function showOnFields<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  fields: readonly string[],
): boolean {
  const isOnFields =
    error instanceof ApiError &&
    error.details.some((detail) =>
      fields.some((name) => detail.path === name || detail.path.startsWith(`${name}.`)),
    );
  if (isOnFields) showApiError(error, setError, fields);
  return isOnFields;
}

/** The generation form's count as typed: a whole number, or null (the server's message then). */
export function parseCount(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number(String(value).replace(/[\s,.]/g, ''));
  return Number.isInteger(number) ? number : null;
}
