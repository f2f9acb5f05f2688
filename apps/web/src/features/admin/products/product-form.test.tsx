import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NewProductPage from './new-product-page';
import ProductPage from './product-page';
import { CATEGORIES, listItem, productDetail, renderAdminPage, type SentRequest } from './testing';

afterEach(() => vi.unstubAllGlobals());

const lists = (request: SentRequest) => {
  if (request.path.startsWith('/products?') || request.path === '/products') return { body: { products: [listItem()], currency: 'USD' } };
  if (request.path === '/categories') return { body: CATEGORIES };
  return undefined;
};

describe('the new product form', () => {
  it('shows the schema’s messages beside their fields and sends nothing while they stand', async () => {
    const user = userEvent.setup();
    const { sent } = renderAdminPage(NewProductPage, {
      url: '/admin/products/new',
      pattern: '/admin/products/new',
      answer: (request) => lists(request) ?? { status: 500 },
    });
    await user.click(await screen.findByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('A product needs a name')).toBeInTheDocument();
    expect(screen.getByText('Enter a price such as 79.00')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Loop Kit');
    expect(screen.getByLabelText('Path')).toHaveValue('loop-kit');
    await user.type(screen.getByLabelText('Price'), '10.00');
    await user.selectOptions(screen.getByLabelText('Deal'), 'amount');
    await user.type(screen.getByLabelText('Amount off'), '12');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    const amount = screen.getByLabelText('Amount off');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('A deal’s amount must be less than the price'));
    expect(screen.queryByText('A product needs a name')).not.toBeInTheDocument();
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('stops suggesting a path once the maker has typed one', async () => {
    const user = userEvent.setup();
    renderAdminPage(NewProductPage, { url: '/admin/products/new', pattern: '/admin/products/new', answer: (request) => lists(request) ?? { status: 500 } });
    const path = await screen.findByLabelText('Path');
    await user.type(path, 'my-own');
    await user.type(screen.getByLabelText('Name'), 'Loop Kit');
    expect(path).toHaveValue('my-own');
  });
});

describe('saving a product', () => {
  const renderEdit = (put: (request: SentRequest) => { status?: number; body?: unknown }, fresh = productDetail()) =>
    renderAdminPage(ProductPage, {
      url: '/admin/products/1',
      pattern: '/admin/products/:productId',
      answer: (request) => lists(request) ?? (request.method === 'PUT' ? put(request) : request.path === '/products/1' ? { body: fresh } : { status: 404 }),
    });

  it('sends the whole form with its version, then shows the new version', async () => {
    const user = userEvent.setup();
    const { sent } = renderEdit((request) => ({ body: productDetail({ ...(request.body as object), version: 5 }) }));
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Pad Mapper Pro');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved · version 5')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({ displayName: 'Pad Mapper Pro', version: 4, priceMinor: 4900 });
  });

  it('is clean again after saving a product with key facts and media (nothing left "unsaved")', async () => {
    const user = userEvent.setup();
    const media = [
      {
        kind: 'image' as const,
        src: '/media/uploads/1/pad.400.webp',
        title: 'pad',
        width: 400,
        height: 300,
        variants: [{ src: '/media/uploads/1/pad.400.webp', width: 400 }],
      },
    ];
    const fresh = productDetail({ keyFacts: [{ label: 'Formats', value: 'VST3 and AU' }], media });
    renderEdit((request) => ({ body: productDetail({ ...(request.body as object), version: 5 }) }), fresh);
    const name = await screen.findByLabelText('Name');
    await user.type(name, ' Pro');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved · version 5')).toBeInTheDocument();
    expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument();
  });

  it('adds, reorders and removes key facts, and sends them in their order', async () => {
    const user = userEvent.setup();
    const { sent } = renderEdit(
      (request) => ({ body: productDetail({ ...(request.body as object), version: 5 }) }),
      productDetail({ keyFacts: [{ label: 'Size', value: '1 GB' }] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add a key fact' }));
    const values = screen.getAllByLabelText('Value');
    await user.type(values[1]!, 'VST3, AU');
    await user.click(screen.getByRole('button', { name: 'Move key fact 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Add a key fact' }));
    await user.click(screen.getByRole('button', { name: 'Remove key fact 3' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({ keyFacts: [{ value: 'VST3, AU' }, { label: 'Size', value: '1 GB' }] }),
    );
  });

  it('on a 409 says someone else changed it and reloads their version', async () => {
    const user = userEvent.setup();
    let reloaded = false;
    renderAdminPage(ProductPage, {
      url: '/admin/products/1',
      pattern: '/admin/products/:productId',
      answer: (request) => {
        if (request.method === 'PUT') {
          reloaded = true;
          return { status: 409, body: { error: 'Conflict', message: 'This product was changed by someone else since you opened it.' } };
        }
        if (request.path === '/products/1') return { body: reloaded ? productDetail({ displayName: 'Their Name', version: 5 }) : productDetail() };
        return lists(request) ?? { status: 404 };
      },
    });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'My Name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/changed by someone else since you opened it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Their Name'));
    expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
  });

  it('shows the server’s field messages beside their fields', async () => {
    const user = userEvent.setup();
    renderEdit(() => ({ status: 409, body: { error: 'Conflict', message: 'This path is taken', fields: { path: 'This path is taken' } } }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByLabelText('Path')).toHaveAccessibleDescription(/This path is taken/));
    expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
  });

  it('adds and removes upgrade prices with the keyboard, and sends the rows left', async () => {
    const user = userEvent.setup();
    const { sent } = renderEdit(
      (request) => ({ body: productDetail({ ...(request.body as object), version: 5 }) }),
      productDetail({ licenceSeats: 3, upgradeOffers: [{ from: 'old-mapper-1', fromName: 'Old Mapper 1', percentOff: 85 }] }),
    );
    expect(await screen.findByLabelText('Old product id')).toHaveValue('old-mapper-1');
    const add = screen.getByRole('button', { name: 'Add an upgrade price' });
    add.focus();
    await user.keyboard('{Enter}');
    const ids = screen.getAllByLabelText('Old product id');
    expect(ids).toHaveLength(2);
    await user.type(ids[1]!, 'old-mapper-2');
    await user.type(screen.getAllByLabelText('Its name')[1]!, 'Old Mapper 2');
    await user.type(screen.getAllByLabelText('Percent off')[1]!, '100');
    screen.getByRole('button', { name: 'Remove upgrade price 1' }).focus();
    await user.keyboard(' ');
    expect(screen.getAllByLabelText('Old product id')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({
        upgradeOffers: [{ from: 'old-mapper-2', fromName: 'Old Mapper 2', percentOff: 100 }],
      }),
    );
  });

  it('shows a refused upgrade row’s message beside its field, from the form and from the server', async () => {
    const user = userEvent.setup();
    const { sent } = renderEdit(() => ({
      status: 400,
      body: { error: 'Bad Request', message: 'Some fields need changing.', fields: { 'upgradeOffers.1.from': 'Each old product has one upgrade offer' } },
    }));
    await user.click(await screen.findByRole('button', { name: 'Add an upgrade price' }));
    await user.type(screen.getByLabelText('Old product id'), 'pad-mapper');
    await user.type(screen.getByLabelText('Its name'), 'Itself');
    await user.type(screen.getByLabelText('Percent off'), '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Old product id')).toHaveAccessibleDescription('A product is no upgrade of itself: name an older product'),
    );
    expect(screen.getByLabelText('Percent off')).toHaveAccessibleDescription('An upgrade takes at least 1% off');
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);

    const [id] = screen.getAllByLabelText('Old product id');
    await user.clear(id!);
    await user.type(id!, 'old-mapper-1');
    await user.clear(screen.getByLabelText('Percent off'));
    await user.type(screen.getByLabelText('Percent off'), '50');
    await user.click(screen.getByRole('button', { name: 'Add an upgrade price' }));
    const ids = screen.getAllByLabelText('Old product id');
    await user.type(ids[1]!, 'old-mapper-9');
    await user.type(screen.getAllByLabelText('Its name')[1]!, 'Old Mapper 9');
    await user.type(screen.getAllByLabelText('Percent off')[1]!, '20');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getAllByLabelText('Old product id')[1]).toHaveAccessibleDescription('Each old product has one upgrade offer'));
    expect(screen.getAllByLabelText('Old product id')[0]).not.toHaveAccessibleDescription(/./);
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = renderEdit(() => ({ status: 500 }));
    await user.type(await screen.findByLabelText('Name'), ' 2');
    void router.navigate('/admin/elsewhere');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/admin/products/1');
  });
});
