import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

/** Mantine's Button and Anchor rendered as router links, with the router's typed `to`. */
function ButtonAnchor(props: ButtonProps & ComponentPropsWithRef<'a'>) {
  return <Button component="a" {...props} />;
}

function AnchorAnchor(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor {...props} />;
}

export const ButtonLink = createLink(ButtonAnchor);
export const AnchorLink = createLink(AnchorAnchor);
