import { createActor } from 'xstate';
import { logRefusedTarget, navigateTo } from '@/effects/navigation';
import { jumpMenuMachine } from '@/machines/jump-menu-machine';
import { defineLazyActor } from './site-actors';

/** The jump menus' actor (spec §2 Jump menus): made when a jump menu comes alive, with its code. */
defineLazyActor('jumpMenu', {
  create: (_page, origin) => createActor(jumpMenuMachine, { input: { origin } }),
  connect: (jumpMenu) => {
    const navigation = jumpMenu.on('navigation.requested', ({ url }) => navigateTo(url));
    const refused = jumpMenu.on('jump.target.refused', ({ value, reason }) => logRefusedTarget(value, reason));
    return () => {
      navigation.unsubscribe();
      refused.unsubscribe();
    };
  },
});
