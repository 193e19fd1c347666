import { Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { USER_SEARCH_CACHE_MS, USER_SEARCH_MIN_LENGTH } from '../../../shared/social/limits';
import type { UserSearchResult } from '../../../shared/social/types';
import { errorBodyOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { PersonSummary } from './PersonSummary';

interface Props {
  /** Sends a request naming the person by email when the search showed it (product.md §7), else by username. */
  onAdd: (handle: string) => void;
  adding: boolean;
  onMessage: (friendId: string) => void;
}

/**
 * Add a friend (product.md §§2 and 5): search from 2 characters, 300 ms after typing stops; each answer is kept
 * 5 minutes (product.md §9), so going back to an earlier query asks the server nothing.
 */
export function AddFriendSearch({ onAdd, adding, onMessage }: Props) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 300);
  const searchable = query.length >= USER_SEARCH_MIN_LENGTH;
  const search = useQuery(
    trpc.social.searchUsers.queryOptions(
      { q: query },
      { enabled: searchable, staleTime: USER_SEARCH_CACHE_MS, gcTime: USER_SEARCH_CACHE_MS },
    ),
  );

  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Add a friend
        </Title>
        <TextInput
          label="Find people"
          description="By name, username or exact email address"
          placeholder="e.g. ada or ada@example.com"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size={14} /> : null}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="friend-search"
        />
        {text.trim().length > 0 && text.trim().length < USER_SEARCH_MIN_LENGTH && (
          <Text size="sm" c="dimmed">
            Type at least {USER_SEARCH_MIN_LENGTH} characters to search.
          </Text>
        )}
        {searchable && search.isError && (
          <Text size="sm" c="red" role="alert">
            {errorBodyOf(search.error).message}
          </Text>
        )}
        {searchable && search.data && search.data.length === 0 && (
          <Text size="sm" c="dimmed">
            No one found for “{query}”.
          </Text>
        )}
        {searchable && search.data && search.data.length > 0 && (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Search results">
            {search.data.map((person) => (
              <SearchResultRow key={person.id} person={person} adding={adding} onAdd={onAdd} onMessage={onMessage} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function SearchResultRow({ person, adding, onAdd, onMessage }: { person: UserSearchResult } & Omit<Props, never>) {
  const handle = person.email ?? person.username;
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" data-testid="search-result">
      <PersonSummary
        person={person}
        name={person.displayName}
        detail={`@${person.username}${person.email ? ` · ${person.email}` : ''}`}
      />
      {person.relationship === 'none' && (
        <Button
          size="xs"
          leftSection={<IconUserPlus size={14} aria-hidden />}
          loading={adding}
          onClick={() => onAdd(handle)}
          aria-label={`Add ${person.displayName} as a friend`}
        >
          Add
        </Button>
      )}
      {person.relationship === 'request-received' && (
        <Button
          size="xs"
          leftSection={<IconCheck size={14} aria-hidden />}
          loading={adding}
          onClick={() => onAdd(handle)}
          aria-label={`Accept ${person.displayName}'s friend request`}
        >
          Accept
        </Button>
      )}
      {person.relationship === 'request-sent' && (
        <Badge variant="light" color="gray">
          Request sent
        </Badge>
      )}
      {person.relationship === 'friend' && (
        <Button
          size="xs"
          variant="light"
          onClick={() => onMessage(person.id)}
          aria-label={`Message ${person.displayName}`}
        >
          Message
        </Button>
      )}
    </Group>
  );
}
