import { NavLink } from 'react-router';
import { useDropdown } from '../hooks/use-dropdown';
import { useProductLinks } from '../nav-links';
import { dropdownPanel, menuItem } from '../styles';
import { ChevronDownIcon } from './icons';
import { navLinkClass } from './nav-item';

export function ProductsMenu() {
  const { isOpen, rootProps, triggerProps, menuProps, itemProps } = useDropdown();
  const productLinks = useProductLinks();
  return (
    <div {...rootProps} className="relative">
      <button {...triggerProps} className={`${navLinkClass(isOpen)} gap-1`}>
        Products
        <ChevronDownIcon className={`size-4 transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`} />
      </button>
      <div hidden={!isOpen} className={`${dropdownPanel} left-0 w-60`}>
        <div {...menuProps} className="p-1.5">
          {productLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              {...itemProps}
              className={({ isActive }) => `${menuItem} justify-between ${isActive ? 'font-semibold' : ''}`}
            >
              {({ isActive }) => (
                <>
                  {link.label}
                  {isActive && <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />}
                </>
              )}
            </NavLink>
          ))}
        </div>
      </div>
    </div>
  );
}
