import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * The header's stock search (SPEC section 2): Enter upper-cases the symbol and opens
 * /trading?symbol=SYM. The market screens swap in their dropdown here.
 */
export function HeaderSearchSlot() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');

  function submit() {
    const symbol = value.trim().toUpperCase();
    if (!symbol) return;
    setValue('');
    void navigate({ href: `/trading?symbol=${encodeURIComponent(symbol)}` });
  }

  return (
    <TextInput
      aria-label="Search stocks"
      placeholder="Search symbol…"
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value.toUpperCase())}
      onKeyDown={(e) => {
        if (e.key === 'Enter') submit();
      }}
      w={220}
    />
  );
}
