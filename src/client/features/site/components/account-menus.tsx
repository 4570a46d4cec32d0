import { LogOut } from "lucide-react";
import { Link } from "react-router";
import type { SessionUser } from "../../../../shared/session";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { useSignOut } from "../../accounts";
import { type MenuKey, MenuTriggerButton, UserTriggerButton } from "./account-triggers";
import { accountMenuFor, type NavItem, signInMenu, signUpMenu } from "./nav-config";

const visitorMenus = [
  { menuKey: "sign-in", label: "Sign In", items: signInMenu, variant: "ghost" },
  { menuKey: "sign-up", label: "Sign Up", items: signUpMenu, variant: "default" },
] as const;

/**
 * Desktop account menus (Radix DropdownMenu): Sign In / Sign Up for visitors, the account menu once
 * signed in. Loaded lazily by AccountArea; `initialOpen` opens the menu the visitor clicked before
 * this module arrived.
 */
export function AccountMenus({
  user,
  initialOpen,
}: {
  user: SessionUser | null;
  initialOpen: MenuKey | null;
}) {
  if (!user) {
    return (
      <>
        {visitorMenus.map((menu) => (
          <LinksMenu key={menu.menuKey} {...menu} defaultOpen={initialOpen === menu.menuKey} />
        ))}
      </>
    );
  }
  return <UserMenu user={user} defaultOpen={initialOpen === "account"} />;
}

function LinksMenu({
  menuKey,
  label,
  items,
  variant,
  defaultOpen,
}: {
  menuKey: MenuKey;
  label: string;
  items: NavItem[];
  variant: "ghost" | "default";
  defaultOpen: boolean;
}) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MenuTriggerButton menuKey={menuKey} label={label} variant={variant} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function UserMenu({ user, defaultOpen }: { user: SessionUser; defaultOpen: boolean }) {
  const signOut = useSignOut();
  const menu = accountMenuFor(user);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserTriggerButton user={user} title={menu.title} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[14rem]">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span>{menu.title}</span>
          <span className="truncate text-sm font-medium text-slate-900">{user.name || user.firstName}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menu.items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={signOut.isPending}
          onSelect={() => {
            signOut.mutate();
          }}
        >
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
