import { type ReactNode, useEffect, useRef, useState } from "react";
import type { SessionUser } from "../../../../shared/session";
import { type MenuKey, MenuTriggerButton, UserTriggerButton } from "./account-triggers";
import { accountMenuFor } from "./nav-config";

type MenusModule = typeof import("./account-menus");

let loadedModule: MenusModule | null = null;
let loadingModule: Promise<MenusModule> | null = null;

function loadMenus(): Promise<MenusModule> {
  loadingModule ??= import("./account-menus").then((module) => {
    loadedModule = module;
    return module;
  });
  return loadingModule;
}

/**
 * The desktop account area. Radix's DropdownMenu (with its positioning engine) is ~23 KB gzip, so it is
 * kept off the critical path: the first render shows identical-looking trigger buttons, the menus module
 * loads when the browser is idle (or on hover, focus or click), and then takes over. A click that arrives
 * before the module opens that menu as soon as it has loaded; keyboard focus is carried across the swap.
 */
export function AccountArea({ user }: { user: SessionUser | null }) {
  const [menus, setMenus] = useState<MenusModule | null>(() => loadedModule);
  const [initialOpen, setInitialOpen] = useState<MenuKey | null>(null);
  const focusAfterSwap = useRef<string | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  const upgrade = (openKey: MenuKey | null) => {
    if (openKey) setInitialOpen(openKey);
    void loadMenus().then((module) => {
      const active = document.activeElement;
      focusAfterSwap.current =
        openKey === null && active instanceof HTMLElement && containerRef.current?.contains(active)
          ? (active.dataset.menuTrigger ?? null)
          : null;
      setMenus(() => module);
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once, when idle.
  useEffect(() => {
    if (menus) return;
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => upgrade(null), { timeout: 2500 })
      : window.setTimeout(() => upgrade(null), 300);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  useEffect(() => {
    if (!menus || !focusAfterSwap.current) return;
    containerRef.current
      ?.querySelector<HTMLElement>(`[data-menu-trigger="${focusAfterSwap.current}"]`)
      ?.focus();
    focusAfterSwap.current = null;
  }, [menus]);

  let content: ReactNode;
  if (menus) {
    content = <menus.AccountMenus user={user} initialOpen={initialOpen} />;
  } else {
    const preload = () => void loadMenus();
    const pending = (key: MenuKey) => ({
      "aria-haspopup": "menu" as const,
      "aria-expanded": false,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => upgrade(key),
    });
    content = user ? (
      <UserTriggerButton user={user} title={accountMenuFor(user).title} {...pending("account")} />
    ) : (
      <>
        <MenuTriggerButton menuKey="sign-in" label="Sign In" variant="ghost" {...pending("sign-in")} />
        <MenuTriggerButton menuKey="sign-up" label="Sign Up" variant="default" {...pending("sign-up")} />
      </>
    );
  }

  return (
    <div ref={containerRef} className="hidden min-w-[13.5rem] items-center justify-end gap-2 md:flex">
      {content}
    </div>
  );
}
