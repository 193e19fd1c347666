import { Avatar, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ProfileInput, profileFormSchema, profileSchema } from '../../../shared/schemas/auth';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../../../shared/schemas/username';
import type { PublicUser } from '../../../shared/user';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { imageUrlPolicyHere, PICTURE_IMAGE_PROPS, safeImageSrc } from '../../lib/safeImageSrc';
import { zodResolver } from '../../lib/zodResolver';

const USERNAME_ERROR_PREFIX = 'username: ';

function initialsOf(user: PublicUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();
}

/** Profile tab (product.md §2): avatar, image URL, names, the username people find you by, and the read-only email. */
export function ProfileTab({ user }: { user: PublicUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The picture rules need this page's host; the server applies the same rules with its own knowledge.
  const [formSchema] = useState(() => profileFormSchema(imageUrlPolicyHere()));
  const form = useForm<ProfileInput>({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl ?? '',
      username: user.username,
    },
    validate: zodResolver(formSchema),
  });

  const update = useMutation(
    trpc.auth.updateProfile.mutationOptions({
      onSuccess: ({ message, user: updated }) => {
        queryClient.setQueryData(trpc.auth.user.queryKey(), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.auth.user.queryKey() });
        form.resetDirty();
        void toast({ title: 'Profile Updated', description: message || 'Your profile has been updated successfully.' });
      },
      onError: (error) => {
        const message = errorBodyOf(error).message;
        // A taken username belongs next to its field; the form cannot know it before the server does.
        if (message?.startsWith(USERNAME_ERROR_PREFIX))
          form.setFieldError('username', message.slice(USERNAME_ERROR_PREFIX.length));
        void toast({
          title: 'Update Failed',
          description: message || 'Failed to update profile. Please try again.',
          variant: 'destructive',
        });
      },
    }),
  );

  // Preview the picture only once the field holds a valid URL on another host: half-typed text would be fetched
  // as a path, and a URL on this app would be requested with the user's cookies.
  const typedUrl = form.values.profileImageUrl ?? '';
  const imageUrl =
    typedUrl && profileSchema.shape.profileImageUrl.safeParse(typedUrl).success ? safeImageSrc(typedUrl) : undefined;

  return (
    <Paper withBorder radius="lg" p="xl">
      <form onSubmit={form.onSubmit((values) => update.mutate(formSchema.parse(values)))} noValidate>
        <Stack gap="lg">
          <Group gap="md">
            <Avatar
              src={imageUrl}
              imageProps={PICTURE_IMAGE_PROPS}
              size={72}
              radius="xl"
              color="teal"
              alt="Profile picture"
            >
              {initialsOf(user)}
            </Avatar>
            <div>
              <Text fw={700} fz="lg">
                {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
              </Text>
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
            </div>
          </Group>
          <TextInput
            label="Profile Image URL"
            description="Optional: a link to a square image"
            placeholder="https://example.com/me.png"
            {...form.getInputProps('profileImageUrl')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First Name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label="Username"
            description={`How people find you in search; your email is never shown there. ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} letters, digits and . _ -`}
            leftSection="@"
            autoComplete="username"
            maxLength={USERNAME_MAX_LENGTH}
            required
            {...form.getInputProps('username')}
          />
          <TextInput label="Email" value={user.email} readOnly disabled description="Email cannot be changed" />
          <Group justify="flex-end">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Update Profile'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
