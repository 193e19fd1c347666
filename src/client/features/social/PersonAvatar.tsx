import { Avatar, type MantineSize } from '@mantine/core';
import type { SocialPerson } from '../../../shared/social/types';
import { PICTURE_IMAGE_PROPS, safeImageSrc } from '../../lib/safeImageSrc';

/**
 * A person's picture (only where safeImageSrc allows it), or their initials. Decorative: the name is always written next
 * to it, so screen readers skip it.
 */
export function PersonAvatar({
  person,
  size = 'md',
}: {
  person: Pick<SocialPerson, 'displayName' | 'profileImageUrl'>;
  size?: MantineSize | number;
}) {
  return (
    <Avatar
      src={safeImageSrc(person.profileImageUrl)}
      imageProps={PICTURE_IMAGE_PROPS}
      name={person.displayName}
      variant="default"
      size={size}
      radius="xl"
      alt=""
      aria-hidden
    />
  );
}
