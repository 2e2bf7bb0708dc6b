import { Bell, ChevronDown, LogOut, Newspaper, Settings, ShieldCheck, User } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent } from '@/components/ui/alert-dialog';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '@/features/auth';
import { useMyProfile } from '@/features/profiles';
import { useAuth } from '@/lib/auth';
import { useOutbox } from '@/lib/outbox/use-outbox';
import { paths } from '@/lib/paths';
import { isModerator } from '@/lib/permissions';
import { themeChoices, useTheme, type ThemeChoice } from '@/lib/theme';

const themeLabels: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * The account menu for members: their avatar opens a Radix dropdown. Loaded only once someone
 * is signed in, so visitors never download the menu, popper and focus-management code.
 */
export default function AccountMenu() {
  const { user } = useAuth();
  const { data: profile } = useMyProfile();
  const navigate = useNavigate();
  const signOutMutation = useSignOut();
  const [theme, setTheme] = useTheme();
  // Signing out forgets what waits to be sent from this device: the member is asked first.
  const waiting = useOutbox(user?.id ?? null);
  const [confirming, setConfirming] = useState(false);
  if (!user) return null;
  const name = profile?.display_name ?? user.email ?? 'Account';
  const onSignOut = () => (waiting.length > 0 ? setConfirming(true) : signOutMutation.mutate());
  const changes = waiting.length === 1 ? '1 change' : `${waiting.length} changes`;
  return (
    <>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent
          title={`Sign out and discard ${changes}?`}
          description={`Not sent yet: ${waiting.map((item) => item.label).join('; ')}. Signing out removes ${waiting.length === 1 ? 'it' : 'them'} from this device.`}
        >
          <div className="mt-4 flex justify-end gap-2">
            <AlertDialogCancel>Stay signed in</AlertDialogCancel>
            <AlertDialogAction onClick={() => signOutMutation.mutate()}>Sign out and discard</AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
      {/* Not modal: a menu button needs no inert page behind it (and hiding the page from
        assistive technology while its links stay focusable would be worse). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger className="flex min-h-11 min-w-11 items-center gap-1 rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-brand-600">
          {/* Named by hidden text, not aria-label: the visible initials must not contradict the name (WCAG 2.5.3). */}
          <span className="sr-only">Account menu for {name}</span>
          <Avatar path={profile?.avatar_path} name={name} size="sm" />
          <ChevronDown aria-hidden="true" className="size-4 text-slate-600" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            <span className="block font-medium text-slate-900">{name}</span>
            {profile ? <span className="block">@{profile.username}</span> : null}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {profile ? (
            <DropdownMenuItem onSelect={() => void navigate(paths.profile(profile.username))}>
              <User aria-hidden="true" className="size-4" /> Your profile
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => void navigate(paths.feed())}>
            <Newspaper aria-hidden="true" className="size-4" /> Your feed
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate(paths.notifications())}>
            <Bell aria-hidden="true" className="size-4" /> Notifications
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate(paths.settings())}>
            <Settings aria-hidden="true" className="size-4" /> Settings
          </DropdownMenuItem>
          {isModerator(profile) ? (
            <DropdownMenuItem onSelect={() => void navigate(paths.moderation())}>
              <ShieldCheck aria-hidden="true" className="size-4" /> Moderation
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuLabel id="theme-label">Appearance</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            aria-labelledby="theme-label"
            value={theme}
            onValueChange={(value) => setTheme(themeChoices.find((choice) => choice === value) ?? 'system')}
          >
            {themeChoices.map((choice) => (
              <DropdownMenuRadioItem key={choice} value={choice}>
                {themeLabels[choice]}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="size-4" /> Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
