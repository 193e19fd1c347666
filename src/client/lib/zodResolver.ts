import type { FormErrors } from '@mantine/form';
import type { ZodType } from 'zod';

/**
 * Lets @mantine/form validate with the shared zod schemas, so the forms show exactly the
 * messages the server would answer with. The first issue per field wins.
 */
export function zodResolver<Values>(schema: ZodType) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (!(path in errors)) errors[path] = issue.message;
    }
    return errors;
  };
}
