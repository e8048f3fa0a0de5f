import { useSiteActors } from './site-context';
import './actors/jump-menu-actors';

export function useJumpMenu(): (value: string) => void {
  const { jumpMenu } = useSiteActors();
  return (value) => jumpMenu.send({ type: 'jump.option.chosen', value });
}
