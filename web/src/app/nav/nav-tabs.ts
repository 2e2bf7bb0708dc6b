import { Bookmark, Compass, Newspaper, PlusCircle, ScrollText, type LucideIcon } from 'lucide-react';
import { paths } from '@/lib/paths';

export interface NavTab {
  /** The words on the desktop bar, and the tab's name when `short` is shown instead. */
  label: string;
  /** The phone tab bar's label where `label` would not fit a fifth of 320 px. */
  short?: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (Explore), not on the pages below it. */
  end?: boolean;
}

/**
 * The app's top-level destinations, in order: the desktop header and the phone tab bar both
 * render this list (a new screen is one line here), then "Me" (the account settings) on phones.
 */
export const navTabs: readonly NavTab[] = [
  { label: 'Explore', to: paths.explore(), icon: Compass, end: true },
  // Starred leads the lists page, as the first, built-in list.
  { label: 'Lists', to: paths.lists(), icon: Bookmark },
  { label: 'Add a place', short: 'Add', to: paths.placeNew(), icon: PlusCircle },
  { label: 'Moderation log', short: 'Log', to: paths.moderationLog(), icon: ScrollText },
];

/**
 * A member's feed: a tab of its own on phones, before "Log" (six tabs still leave each more than
 * 44 px at 320 px, decision 246); on a desktop it stays in the account menu.
 */
export const feedTab: NavTab = { label: 'Feed', to: paths.feed(), icon: Newspaper };
