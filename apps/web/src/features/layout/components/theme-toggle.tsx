import { useTheme } from '../hooks/use-theme';
import { iconButton } from '../styles';
import { MoonIcon, SunIcon } from './icons';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <button type="button" onClick={toggleTheme} aria-label={label} title={label} className={iconButton}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
