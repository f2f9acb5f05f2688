import type { MediaItem } from '@store/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MediaCarousel } from './media-carousel';

const IMAGES: MediaItem[] = [
  { kind: 'image', src: '/media/a.svg', title: 'Front', width: 800, height: 800 },
  { kind: 'image', src: '/media/b.svg', title: 'Editor' },
  { kind: 'image', src: '/media/c.svg', title: 'Pads' },
];

/** The one slide not hidden from assistive technology. */
function currentSlide() {
  return screen.getByRole('group', { name: /of 3$/ });
}

describe('MediaCarousel', () => {
  it('is a labelled carousel whose slides say n of N', () => {
    render(<MediaCarousel items={IMAGES} label="Pad Mapper" />);
    const carousel = screen.getByRole('region', { name: 'Pad Mapper media' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(currentSlide()).toHaveAccessibleName('1 of 3');
    expect(currentSlide()).toHaveAttribute('aria-roledescription', 'slide');
    expect(screen.getByRole('img', { name: 'Front' })).toBeInTheDocument();
  });

  it('moves with the next and previous buttons, wrapping at the ends', async () => {
    const user = userEvent.setup();
    render(<MediaCarousel items={IMAGES} label="Pad Mapper" />);
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toHaveAccessibleName('2 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toHaveAccessibleName('1 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toHaveAccessibleName('3 of 3');
    expect(screen.getByText('Slide 3 of 3: Pads')).toBeInTheDocument();
  });

  it('jumps to a slide from its thumbnail and marks the current thumbnail', async () => {
    const user = userEvent.setup();
    render(<MediaCarousel items={IMAGES} label="Pad Mapper" />);
    const third = screen.getByRole('button', { name: 'Show slide 3 of 3: Pads' });
    await user.click(third);
    expect(currentSlide()).toHaveAccessibleName('3 of 3');
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1 of 3: Front' })).not.toHaveAttribute('aria-current');
  });

  it('answers ArrowRight and ArrowLeft while focused', async () => {
    const user = userEvent.setup();
    render(<MediaCarousel items={IMAGES} label="Pad Mapper" />);
    screen.getByRole('region', { name: 'Pad Mapper media' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(currentSlide()).toHaveAccessibleName('2 of 3');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(currentSlide()).toHaveAccessibleName('1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(currentSlide()).toHaveAccessibleName('3 of 3');
  });

  it('keeps focus on the current thumbnail when arrowing through thumbnails', async () => {
    const user = userEvent.setup();
    render(<MediaCarousel items={IMAGES} label="Pad Mapper" />);
    screen.getByRole('button', { name: 'Show slide 1 of 3: Front' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(currentSlide()).toHaveAccessibleName('2 of 3');
    expect(screen.getByRole('button', { name: 'Show slide 2 of 3: Editor' })).toHaveFocus();
  });

  it('changes slide on a horizontal swipe, not on a tap or a vertical drag', () => {
    render(<MediaCarousel items={IMAGES} label="Pad Mapper" />);
    const viewport = currentSlide().parentElement!.parentElement!;
    const swipe = (fromX: number, toX: number, fromY = 100, toY = 100) => {
      fireEvent.pointerDown(viewport, { pointerId: 1, clientX: fromX, clientY: fromY, pointerType: 'touch' });
      fireEvent.pointerUp(viewport, { pointerId: 1, clientX: toX, clientY: toY, pointerType: 'touch' });
    };
    swipe(300, 100);
    expect(currentSlide()).toHaveAccessibleName('2 of 3');
    swipe(100, 300);
    expect(currentSlide()).toHaveAccessibleName('1 of 3');
    swipe(200, 205);
    swipe(200, 150, 0, 300);
    expect(currentSlide()).toHaveAccessibleName('1 of 3');
  });

  it('shows a single image without arrows or thumbnails', () => {
    render(<MediaCarousel items={[IMAGES[0]!]} label="Pad Mapper" />);
    expect(screen.getByRole('img', { name: 'Front' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows the narrowest stored width of an image as its thumbnail, never one from another host', () => {
    const { container } = render(
      <MediaCarousel
        label="Pad Mapper"
        items={[
          {
            ...IMAGES[0]!,
            src: '/media/a.800.webp',
            variants: [
              { src: 'https://cdn.example.com/a.200.webp', width: 200 },
              { src: '/media/a.800.webp', width: 800 },
              { src: '/media/a.400.webp', width: 400 },
            ],
          },
          IMAGES[1]!,
        ]}
      />,
    );
    const thumbnails = [...container.querySelectorAll('[data-thumb] img')].map((image) => image.getAttribute('src'));
    expect(thumbnails).toEqual(['/media/a.400.webp', '/media/b.svg']);
    expect(screen.getByRole('img', { name: 'Front' })).toHaveAttribute('src', '/media/a.800.webp');
    expect(container.innerHTML).not.toContain('cdn.example.com');
  });

  it('plays self-hosted audio and video and drops third-party and MIDI items', () => {
    const { container } = render(
      <MediaCarousel
        label="Loops"
        items={[
          { kind: 'video', src: '/media/demo.mp4', title: 'Demo video', poster: '/media/poster.svg' },
          { kind: 'audio', src: '/media/demo.mp3', title: 'Demo audio' },
          { kind: 'video', src: 'https://www.youtube.com/embed/x', title: 'Embedded' },
          { kind: 'audio', src: '//cdn.example.com/a.mp3', title: 'CDN audio' },
          { kind: 'midi', src: '/media/a.mid', title: 'MIDI' },
        ]}
      />,
    );
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/demo.mp4');
    expect(video).toHaveAttribute('controls');
    expect(container.querySelector('audio')).toHaveAttribute('src', '/media/demo.mp3');
    expect(container.querySelectorAll('[role="group"]')).toHaveLength(2);
    expect(container.innerHTML).not.toContain('youtube');
    expect(container.innerHTML).not.toContain('cdn.example.com');
  });
});
